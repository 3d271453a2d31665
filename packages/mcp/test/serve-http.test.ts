import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  Client,
  StreamableHTTPClientTransport,
  type CallToolResult,
  type Progress,
} from '@modelcontextprotocol/client';
import type { ToolCallContext } from '@toolwright/core';
import { ToolRegistry, type ToolServerHandle } from '@toolwright/registry';
import { createMcpHttpHandler, serveMcp, type McpHttpHandler, type McpServing } from '@toolwright/mcp/node';
import { clientOptions, rawTool, sleep, waitFor } from './helpers';
import { httpClient, INITIALIZE_BODY, POST_HEADERS, rawRequest } from './http-helpers';

function text(result: CallToolResult): string {
  return result.content.map((block) => (block.type === 'text' ? block.text : `[${block.type}]`)).join('\n');
}

let slowStarted = 0;

function tools(): ToolServerHandle {
  let aborted = 0;
  return new ToolRegistry()
    .tool(rawTool('echo', (args: { text?: string }) => `echo: ${args.text ?? ''}`))
    .tool(
      rawTool('tag', async (args: { tag: string; delay: number }, ctx: ToolCallContext) => {
        await sleep(args.delay, ctx.signal);
        return args.tag;
      }),
    )
    .tool(
      rawTool('count', async function* (args: { to: number }) {
        for (let step = 1; step <= args.to; step++)
          yield { type: 'progress', kind: 'text', text: `step ${step}`, current: step, total: args.to };
        return `counted to ${args.to}`;
      }),
    )
    .tool(
      rawTool('slow', async (_args, ctx: ToolCallContext) => {
        slowStarted += 1;
        await sleep(10_000, ctx.signal);
        if (ctx.signal.aborted) aborted += 1;
        return `aborted ${aborted}`;
      }),
    )
    .tool(rawTool('aborted_count', () => `aborted ${aborted}`))
    .tool(
      rawTool('fail', () => {
        throw new Error('db password is s3cr3t-value');
      }),
    )
    .finalize();
}

describe('serveMcp over Streamable HTTP', () => {
  let handle: ToolServerHandle;
  let serving: McpServing;
  const clients: Client[] = [];

  beforeAll(async () => {
    handle = tools();
    serving = await serveMcp(handle, { transport: { http: { port: 0 } } });
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
    await serving.close();
  });

  async function connect(): Promise<Client> {
    const client = await httpClient(serving.url!);
    clients.push(client);
    return client;
  }

  it('binds 127.0.0.1 by default and serves list, call, progress and errors', async () => {
    expect(serving.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const client = await connect();
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual([
      'echo',
      'tag',
      'count',
      'slow',
      'aborted_count',
      'fail',
    ]);
    expect(text((await client.callTool({ name: 'echo', arguments: { text: 'hi' } })) as CallToolResult)).toBe(
      'echo: hi',
    );
    const progress: Progress[] = [];
    const counted = await client.request(
      { method: 'tools/call', params: { name: 'count', arguments: { to: 3 } } },
      { onprogress: (item) => progress.push(item) },
    );
    expect(text(counted)).toBe('counted to 3');
    expect(progress.map((item) => item.progress)).toEqual([1, 2, 3]);
    const failed = (await client.callTool({ name: 'fail', arguments: {} })) as CallToolResult;
    expect(failed.isError).toBe(true);
    expect(text(failed)).not.toContain('s3cr3t');
  });

  it('aborts a call the client cancels', async () => {
    const client = await connect();
    const controller = new AbortController();
    const started = slowStarted;
    const call = client.callTool({ name: 'slow', arguments: {} }, { signal: controller.signal });
    // Cancel only once the call runs: a cancellation may otherwise overtake its request on another connection.
    await waitFor(() => slowStarted > started);
    controller.abort('stop');
    await expect(call).rejects.toThrow();
    let reported = '';
    for (let attempt = 0; attempt < 50 && reported !== 'aborted 1'; attempt++) {
      reported = text((await client.callTool({ name: 'aborted_count', arguments: {} })) as CallToolResult);
      if (reported !== 'aborted 1') await sleep(20);
    }
    expect(reported).toBe('aborted 1');
  });

  it('refuses a foreign Host or Origin with 403 and accepts loopback ones (DNS rebinding)', async () => {
    const port = serving.port!;
    const evilHost = await rawRequest(serving.url!, {
      headers: { ...POST_HEADERS, Host: 'evil.example.com' },
      body: INITIALIZE_BODY,
    });
    expect(evilHost.status).toBe(403);
    expect(JSON.parse(evilHost.body)).toMatchObject({
      jsonrpc: '2.0',
      error: { message: expect.stringMatching(/Host/) },
    });
    const evilOrigin = await rawRequest(serving.url!, {
      headers: { ...POST_HEADERS, Host: `127.0.0.1:${port}`, Origin: 'http://evil.example.com' },
      body: INITIALIZE_BODY,
    });
    expect(evilOrigin.status).toBe(403);
    const nullOrigin = await rawRequest(serving.url!, {
      headers: { ...POST_HEADERS, Host: `localhost:${port}`, Origin: 'null' },
      body: INITIALIZE_BODY,
    });
    expect(nullOrigin.status).toBe(403);
    const good = await rawRequest(serving.url!, {
      headers: { ...POST_HEADERS, Host: `localhost:${port}`, Origin: `http://localhost:${port}` },
      body: INITIALIZE_BODY,
    });
    expect(good.status).toBe(200);
    const sessionId = good.headers['mcp-session-id'] as string;
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    const ended = await rawRequest(serving.url!, {
      method: 'DELETE',
      headers: { 'mcp-session-id': sessionId },
    });
    expect(ended.status).toBe(200);
  });

  it('caps the body size (413), needs a session (400), forgets unknown sessions (404) and other paths (404)', async () => {
    const handler = await serveMcp(handle, { transport: { http: { port: 0, maxBodyBytes: 1024 } } });
    try {
      const big = await rawRequest(handler.url!, {
        headers: POST_HEADERS,
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/list',
          params: { pad: 'x'.repeat(4096) },
        }),
      });
      expect(big.status).toBe(413);
      const noSession = await rawRequest(handler.url!, {
        headers: POST_HEADERS,
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect(noSession.status).toBe(400);
      const unknown = await rawRequest(handler.url!, {
        headers: { ...POST_HEADERS, 'mcp-session-id': 'no-such-session' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect(unknown.status).toBe(404);
      const malformed = await rawRequest(handler.url!, { headers: POST_HEADERS, body: '{"jsonrpc":' });
      expect(malformed.status).toBe(400);
      expect(JSON.parse(malformed.body)).toMatchObject({ error: { code: -32700 } });
      const elsewhere = await rawRequest(handler.url!.replace(/\/mcp$/, '/other'), {
        headers: POST_HEADERS,
        body: INITIALIZE_BODY,
      });
      expect(elsewhere.status).toBe(404);
    } finally {
      await handler.close();
    }
  });

  it('keeps two sessions apart even when they reuse the same JSON-RPC ids (F19)', async () => {
    const first = await connect();
    const second = await connect();
    const calls: Promise<[string, string]>[] = [];
    for (let index = 0; index < 20; index++) {
      for (const [client, name] of [
        [first, 'first'],
        [second, 'second'],
      ] as const) {
        const tag = `${name}-${index}`;
        // Both clients number their requests from the same start, so the ids collide across sessions.
        const delay = (index * 7 + (name === 'first' ? 3 : 0)) % 25;
        calls.push(
          client
            .callTool({ name: 'tag', arguments: { tag, delay } })
            .then((result) => [tag, text(result as CallToolResult)]),
        );
      }
    }
    for (const [sent, received] of await Promise.all(calls)) expect(received).toBe(sent);
  });

  it('runs stateless, one server per request, when asked', async () => {
    const stateless = await serveMcp(handle, { transport: { http: { port: 0, stateless: true } } });
    let client: Client | undefined;
    try {
      client = await httpClient(stateless.url!);
      expect(
        text((await client.callTool({ name: 'echo', arguments: { text: 'x' } })) as CallToolResult),
      ).toBe('echo: x');
      const get = await rawRequest(stateless.url!, {
        method: 'GET',
        headers: { Accept: 'text/event-stream' },
      });
      expect(get.status).toBe(405);
    } finally {
      await client?.close();
      await stateless.close();
    }
  });

  it.each(['2025-11-25', '2026-07-28'] as const)(
    'hands the context hook the HTTP request as a web Request (%s)',
    async (revision) => {
      const seen: unknown[] = [];
      const served = await serveMcp(handle, {
        transport: { http: { port: 0 } },
        context: ({ request }) => {
          seen.push({
            isRequest: request instanceof Request,
            method: request?.method,
            path: request === undefined ? undefined : new URL(request.url).pathname,
            caller: request?.headers.get('x-caller'),
            aborted: request?.signal.aborted,
            cache: request?.cache,
          });
          return [];
        },
      });
      const client = new Client({ name: 'context-client', version: '1.0.0' }, clientOptions(revision));
      try {
        await client.connect(
          new StreamableHTTPClientTransport(new URL(served.url!), {
            requestInit: { headers: { 'X-Caller': 'ada' } },
          }),
        );
        await client.callTool({ name: 'echo', arguments: { text: 'x' } });
        expect(seen).toEqual([
          { isRequest: true, method: 'POST', path: '/mcp', caller: 'ada', aborted: false, cache: 'default' },
        ]);
      } finally {
        await client.close();
        await served.close();
      }
    },
  );

  it('refuses to listen beyond loopback without authorize, and answers 401 when authorize says no', async () => {
    await expect(serveMcp(handle, { transport: { http: { port: 0, host: '0.0.0.0' } } })).rejects.toThrow(
      /without authentication/,
    );
    const guarded = await serveMcp(handle, {
      transport: {
        http: { port: 0, authorize: (request) => request.headers['authorization'] === 'Bearer letmein' },
      },
    });
    try {
      const denied = await rawRequest(guarded.url!, { headers: POST_HEADERS, body: INITIALIZE_BODY });
      expect(denied.status).toBe(401);
      const allowed = await rawRequest(guarded.url!, {
        headers: { ...POST_HEADERS, Authorization: 'Bearer letmein' },
        body: INITIALIZE_BODY,
      });
      expect(allowed.status).toBe(200);
    } finally {
      await guarded.close();
    }
  });
});

describe('createMcpHttpHandler embedded in an existing HTTP server', () => {
  let server: HttpServer;
  let handler: McpHttpHandler;
  let url: string;
  let gets = 0;
  const handle = new ToolRegistry().tool(rawTool('a', () => 'a')).finalize();

  beforeAll(async () => {
    handler = createMcpHttpHandler(handle);
    server = createServer((request, response) => {
      if (request.url === '/api/mcp') {
        if (request.method === 'GET') gets += 1;
        void handler(request, response);
      } else {
        response.statusCode = 200;
        response.end('app page');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/mcp`;
  });

  afterAll(async () => {
    await handler.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('sends list_changed on the session stream once per change batch, and ends sessions on close', async () => {
    const client = await httpClient(url);
    try {
      let changes = 0;
      client.setNotificationHandler('notifications/tools/list_changed', () => {
        changes += 1;
      });
      // The client opens its standalone SSE stream right after initializing.
      await waitFor(() => gets >= 1);
      await sleep(50);
      expect(handler.sessionCount).toBe(1);
      handle.batch((edit) => edit.add([rawTool('b', () => 'b'), rawTool('c', () => 'c')]).remove('a'));
      await waitFor(() => changes === 1);
      await sleep(50);
      expect(changes).toBe(1);
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['b', 'c']);
    } finally {
      await client.close();
    }
  });
});
