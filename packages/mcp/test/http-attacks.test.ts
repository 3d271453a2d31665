import { connect, type Socket } from 'node:net';
import type { Client } from '@modelcontextprotocol/client';
import { type CallToolResult } from '@modelcontextprotocol/client';
import type { ToolCallContext } from '@toolwright/core';
import { ToolRegistry, type ToolServerHandle } from '@toolwright/registry';
import { serveMcp, type McpServing } from '@toolwright/mcp/node';
import { rawTool, sleep, waitFor, type Revision } from './helpers';
import { httpClient } from './http-helpers';

// Hostile clients on 127.0.0.1 (F20, F21, R17, R19), with the numbers of the red team's attacks
// scaled down to run in seconds: unfinished bodies from many connections, and clients that leave
// with their calls still running.

function text(result: CallToolResult): string {
  return result.content.map((block) => (block.type === 'text' ? block.text : `[${block.type}]`)).join('\n');
}

interface Counters {
  started: number;
  aborted: number;
}

function tools(counters: Counters): ToolServerHandle {
  return new ToolRegistry()
    .tool(rawTool('echo', (args: { text?: string }) => `echo: ${args.text ?? ''}`))
    .tool(
      rawTool('hang', async (_args, ctx: ToolCallContext) => {
        counters.started += 1;
        await new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve()));
        counters.aborted += 1;
        return 'aborted';
      }),
    )
    .finalize();
}

/** A raw socket that sends `head` (and `body`) and collects whatever comes back. */
function openRaw(
  port: number,
  head: string,
  body = '',
): { socket: Socket; received: () => string; closed: Promise<void> } {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    received += chunk;
  });
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.write(head + body);
  return { socket, received: () => received, closed };
}

function postHead(port: number, length: number, headers: Record<string, string> = {}): string {
  const lines = [
    'POST /mcp HTTP/1.1',
    `Host: 127.0.0.1:${port}`,
    'Content-Type: application/json',
    'Accept: application/json, text/event-stream',
    `Content-Length: ${length}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return `${lines.join('\r\n')}\r\n\r\n`;
}

const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

/** A raw `tools/call hang` request for `revision` (in the session `sessionId` under 2025-11-25). */
function hangRequest(port: number, id: number, revision: Revision, sessionId?: string): string {
  const modern = revision === '2026-07-28';
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'hang', arguments: {}, ...(modern ? { _meta: ENVELOPE } : {}) },
  });
  const headers: Record<string, string> = modern
    ? { 'Mcp-Protocol-Version': '2026-07-28', 'Mcp-Method': 'tools/call', 'Mcp-Name': 'hang' }
    : { 'Mcp-Protocol-Version': '2025-11-25', 'Mcp-Session-Id': sessionId ?? '' };
  return postHead(port, Buffer.byteLength(body), headers) + body;
}

describe('Streamable HTTP under unfinished request bodies (F20, R17)', () => {
  let serving: McpServing;
  const clients: Client[] = [];
  const sockets: Socket[] = [];

  beforeAll(async () => {
    serving = await serveMcp(tools({ started: 0, aborted: 0 }), {
      transport: {
        http: { port: 0, bodyTimeoutMs: 1000, maxPendingBodies: 40, maxConcurrentRequests: 50 },
      },
    });
  });

  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
    await serving.close();
  });

  it('serves initialize and calls while 120 connections sit on 11 of 1,000 body bytes, and drops them at the deadline', async () => {
    const port = serving.port!;
    const stalled = Array.from({ length: 120 }, () => openRaw(port, postHead(port, 1000), '{"jsonrpc":'));
    for (const raw of stalled) sockets.push(raw.socket);
    await sleep(200);

    // More unfinished bodies than the in-flight cap: a real client still gets through, at once.
    const started = Date.now();
    const client = await httpClient(serving.url!);
    clients.push(client);
    expect(
      text((await client.callTool({ name: 'echo', arguments: { text: 'through' } })) as CallToolResult),
    ).toBe('echo: through');
    expect(Date.now() - started).toBeLessThan(900);

    // Every stalled connection is answered and closed by the body deadline (1 s), not held open.
    await Promise.race([
      Promise.all(stalled.map((raw) => raw.closed)),
      sleep(4000).then(() => {
        throw new Error(
          `${stalled.filter((raw) => !raw.socket.destroyed).length} stalled connections still open after 4 s`,
        );
      }),
    ]);
    const answers = stalled.map((raw) => raw.received().split('\r\n')[0] ?? '');
    // Those still waiting at the deadline get 408; those pushed out to make room for newer ones too.
    expect(new Set(answers)).toEqual(new Set(['HTTP/1.1 408 Request Timeout']));
    expect(stalled[119]!.received()).toContain('the request body did not arrive within 1000 ms');
    expect(stalled[0]!.received()).toContain('newer requests needed its place');
  });

  it('closes connections whose headers never finish at the header deadline', async () => {
    const headers = await serveMcp(tools({ started: 0, aborted: 0 }), {
      transport: { http: { port: 0, headersTimeoutMs: 1000 } },
    });
    try {
      const port = headers.port!;
      const stalled = Array.from({ length: 50 }, () =>
        openRaw(port, `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: appl`),
      );
      for (const raw of stalled) sockets.push(raw.socket);
      const client = await httpClient(headers.url!);
      clients.push(client);
      expect(
        text((await client.callTool({ name: 'echo', arguments: { text: 'ok' } })) as CallToolResult),
      ).toBe('echo: ok');
      await Promise.race([
        Promise.all(stalled.map((raw) => raw.closed)),
        sleep(5000).then(() => {
          throw new Error('connections with unfinished headers still open after 5 s');
        }),
      ]);
      expect(stalled[0]!.received()).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      await headers.close();
    }
  });

  it('makes room for a new body by dropping the unfinished body that has waited longest', async () => {
    const port = serving.port!;
    const stalled = Array.from({ length: 40 }, () => openRaw(port, postHead(port, 1000), '{"jsonrpc":'));
    for (const raw of stalled) sockets.push(raw.socket);
    await waitFor(() => stalled.every((raw) => raw.socket.bytesWritten > 0));
    await sleep(100);
    // The cap (40) is full of stalled bodies; a complete request pushes out the oldest one.
    const client = await httpClient(serving.url!);
    clients.push(client);
    expect(
      text((await client.callTool({ name: 'echo', arguments: { text: 'room' } })) as CallToolResult),
    ).toBe('echo: room');
    await waitFor(() => stalled[0]!.socket.destroyed);
    expect(stalled[0]!.received()).toMatch(/^HTTP\/1\.1 408 /);
  });
});

describe.each(['2025-11-25', '2026-07-28'] as const)(
  'Streamable HTTP when a client disconnects mid-call (F21, R19), %s',
  (revision) => {
    let serving: McpServing;
    let counters: Counters;
    const clients: Client[] = [];

    beforeEach(async () => {
      counters = { started: 0, aborted: 0 };
      // Five slots: five hung calls from a departed client would block everyone else.
      serving = await serveMcp(tools(counters), {
        // A resumable 2025-11-25 stream gives its client this long to come back first.
        transport: { http: { port: 0, resumability: { resumeGraceMs: 400 } } },
        maxInFlight: 5,
        maxQueued: 10,
      });
    });

    afterEach(async () => {
      await Promise.all(clients.splice(0).map((client) => client.close().catch(() => undefined)));
      await serving.close();
    });

    it('aborts the calls of a closed response stream and frees their slots for another session', async () => {
      const port = serving.port!;
      let sessionId: string | undefined;
      if (revision === '2025-11-25') {
        const owner = await httpClient(serving.url!, {}, revision);
        clients.push(owner);
        sessionId = (owner.transport as { sessionId?: string } | undefined)?.sessionId;
        expect(sessionId).toBeDefined();
      }
      const calls = Array.from({ length: 5 }, (_, index) =>
        openRaw(port, hangRequest(port, 100 + index, revision, sessionId)),
      );
      await waitFor(() => counters.started === 5, 5000);
      for (const call of calls) call.socket.destroy();
      if (revision === '2025-11-25') {
        // Within the grace the calls live on: the client could still resume its streams.
        await sleep(150);
        expect(counters.aborted).toBe(0);
      }

      await waitFor(() => counters.aborted === 5, 3000);
      expect(counters.aborted).toBe(5);

      // Another session's call needs a slot: it gets one at once, not after an idle sweep.
      const other = await httpClient(serving.url!, {}, revision);
      clients.push(other);
      const started = Date.now();
      expect(
        text((await other.callTool({ name: 'echo', arguments: { text: 'next' } })) as CallToolResult),
      ).toBe('echo: next');
      expect(Date.now() - started).toBeLessThan(2000);
    });
  },
);

describe('Streamable HTTP with sessions a departed client never deleted', () => {
  let serving: McpServing;
  let counters: Counters;
  const clients: Client[] = [];

  beforeAll(async () => {
    counters = { started: 0, aborted: 0 };
    serving = await serveMcp(tools(counters), { transport: { http: { port: 0, maxSessions: 3 } } });
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
    await serving.close();
  });

  it('lets a new session replace the one idle longest at the cap, but never one with a call in progress', async () => {
    // Three sessions fill the cap: the first sits idle, the other two hold a call each.
    const abandoned = await httpClient(serving.url!);
    const busy = [await httpClient(serving.url!), await httpClient(serving.url!)];
    clients.push(abandoned, ...busy);
    const hung = busy.map((client) =>
      client.callTool({ name: 'hang', arguments: {} }).catch(() => undefined),
    );
    await waitFor(() => counters.started === 2);

    const newcomer = await httpClient(serving.url!);
    clients.push(newcomer);
    expect(
      text((await newcomer.callTool({ name: 'echo', arguments: { text: 'in' } })) as CallToolResult),
    ).toBe('echo: in');
    // The idle session made room; the busy ones kept theirs.
    await expect(abandoned.callTool({ name: 'echo', arguments: { text: 'back' } })).rejects.toThrow(
      /404|not found/i,
    );
    expect(counters.aborted).toBe(0);

    // Now every session but the newcomer's is busy, and the newcomer's is the idlest: it goes next.
    const next = await httpClient(serving.url!);
    clients.push(next);
    expect(text((await next.callTool({ name: 'echo', arguments: { text: 'next' } })) as CallToolResult)).toBe(
      'echo: next',
    );
    await Promise.all(busy.map((client) => client.close()));
    await Promise.all(hung);
  });
});
