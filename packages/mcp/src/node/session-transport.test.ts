import { createServer, request as httpRequest, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { Server, type EventStore } from '@modelcontextprotocol/server';
import { InMemoryEventStore } from './in-memory-event-store';
import { SessionTransport } from './session-transport';

// SessionTransport replaces the SDK's NodeStreamableHTTPServerTransport for 2025-11-25 sessions,
// so the SDK's transport is its reference: the same requests, sent to the same server behind
// each, must get the same answers — status, content type, session header and body, event ids
// included — for every refusal the transport makes, for batches, notifications, the standalone
// stream, resumption and the session's end.

type Kind = 'toolwright' | 'sdk';
const SESSION = 'session-1';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Endpoint {
  readonly url: string;
  close(): Promise<void>;
}

async function serve(kind: Kind, resumable: boolean): Promise<Endpoint> {
  const eventStore: EventStore | undefined = resumable ? new InMemoryEventStore() : undefined;
  const transport =
    kind === 'sdk'
      ? new NodeStreamableHTTPServerTransport({
          sessionIdGenerator: () => SESSION,
          ...(eventStore === undefined ? {} : { eventStore, retryInterval: 500 }),
        })
      : new SessionTransport({
          sessionId: SESSION,
          ...(eventStore === undefined ? {} : { eventStore, retryMs: 500 }),
        });
  const server = new Server({ name: 'reference', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/call', async (request, ctx) => {
    const token = request.params._meta?.progressToken;
    const progress = (n: number) =>
      token === undefined
        ? Promise.resolve()
        : ctx.mcpReq.notify({
            method: 'notifications/progress',
            params: { progressToken: token, progress: n },
          });
    await progress(1);
    if (request.params.name === 'closes') {
      ctx.http?.closeSSE?.();
      await sleep(40);
      await progress(2);
    }
    if (request.params.name === 'slow') await sleep(150);
    return { content: [{ type: 'text', text: `called ${request.params.name}` }] };
  });
  await server.connect(transport);
  const http: HttpServer = createServer((req, res) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => {
      let body: unknown;
      try {
        body = text === '' ? undefined : JSON.parse(text);
      } catch {
        body = { unparsable: text };
      }
      void transport.handleRequest(req, res, body);
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`,
    close: async () => {
      await server.close();
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    },
  };
}

interface Exchange {
  readonly method?: string;
  readonly headers?: Record<string, string>;
  readonly body?: unknown;
  /** Read for this long, then hang up (for streams that stay open). */
  readonly holdMs?: number;
}

interface Answer {
  readonly status: number;
  readonly type: string | undefined;
  readonly session: string | undefined;
  readonly body: string;
}

function send(url: string, exchange: Exchange): Promise<Answer> {
  const target = new URL(url);
  const body = exchange.body === undefined ? undefined : JSON.stringify(exchange.body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: exchange.method ?? 'POST',
        headers: exchange.headers,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        const done = () =>
          resolve({
            status: res.statusCode ?? 0,
            type: res.headers['content-type'],
            session: res.headers['mcp-session-id'] as string | undefined,
            body: text,
          });
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', done);
        if (exchange.holdMs !== undefined)
          setTimeout(() => {
            res.removeAllListeners('end');
            req.destroy();
            done();
          }, exchange.holdMs);
      },
    );
    req.on('error', (error) => {
      if (exchange.holdMs === undefined) reject(error);
    });
    req.end(body);
  });
}

const ACCEPT_BOTH = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
const IN_SESSION = { ...ACCEPT_BOTH, 'mcp-session-id': SESSION, 'mcp-protocol-version': '2025-11-25' };
const initialize = (id: number) => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
});
const call = (id: number | string, name = 'echo', progressToken?: number) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: {}, ...(progressToken === undefined ? {} : { _meta: { progressToken } }) },
});
const INITIALIZED = { jsonrpc: '2.0', method: 'notifications/initialized' };

/** Runs `steps` in order against a fresh endpoint of `kind`; `parallel` steps overlap the next one. */
async function run(kind: Kind, resumable: boolean, steps: readonly Exchange[]): Promise<Answer[]> {
  const endpoint = await serve(kind, resumable);
  try {
    const answers: Answer[] = [];
    for (const step of steps) answers.push(await send(endpoint.url, step));
    return answers;
  } finally {
    await endpoint.close();
  }
}

async function same(resumable: boolean, steps: readonly Exchange[]): Promise<Answer[]> {
  const ours = await run('toolwright', resumable, steps);
  const reference = await run('sdk', resumable, steps);
  expect(ours).toEqual(reference);
  return ours;
}

describe('SessionTransport answers as the SDK transport does', () => {
  it.each([false, true])(
    'refuses what the SDK refuses, before and after initialize (resumable: %s)',
    async (resumable) => {
      const answers = await same(resumable, [
        { headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: call(1) },
        { headers: { 'Content-Type': 'text/plain', Accept: ACCEPT_BOTH.Accept }, body: call(1) },
        { headers: ACCEPT_BOTH, body: Array.from({ length: 101 }, (_, i) => call(i)) },
        { headers: ACCEPT_BOTH, body: { jsonrpc: '2.0', nonsense: true } },
        { headers: ACCEPT_BOTH, body: call(1) },
        { headers: ACCEPT_BOTH, body: [initialize(1), call(2)] },
        { headers: ACCEPT_BOTH, body: initialize(1) },
        { headers: ACCEPT_BOTH, body: initialize(2) },
        { headers: ACCEPT_BOTH, body: call(3) },
        { headers: { ...IN_SESSION, 'mcp-session-id': 'another' }, body: call(4) },
        { headers: { ...IN_SESSION, 'mcp-protocol-version': '1999-01-01' }, body: call(5) },
        { headers: { ...IN_SESSION, 'mcp-protocol-version': '' }, body: call(5) },
        { method: 'GET', headers: { ...IN_SESSION, Accept: 'application/json' } },
        { method: 'GET', headers: { 'mcp-session-id': 'another', Accept: 'text/event-stream' } },
        { method: 'DELETE', headers: { 'mcp-session-id': 'another' } },
        { method: 'PUT', headers: IN_SESSION, body: call(6) },
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([
        406, 415, 400, 400, 400, 400, 200, 400, 400, 404, 400, 400, 406, 404, 404, 405,
      ]);
    },
  );

  it.each([false, true])('answers calls, batches and notifications (resumable: %s)', async (resumable) => {
    const answers = await same(resumable, [
      { headers: ACCEPT_BOTH, body: initialize(1) },
      { headers: IN_SESSION, body: INITIALIZED },
      { headers: IN_SESSION, body: call(2, 'echo', 7) },
      { headers: IN_SESSION, body: [call('a'), call('b', 'other', 8)] },
      { headers: { ...IN_SESSION, 'mcp-protocol-version': '2025-06-18' }, body: call(3) },
      { headers: { ...ACCEPT_BOTH, 'mcp-session-id': SESSION }, body: call(4) },
      { headers: IN_SESSION, body: [INITIALIZED, INITIALIZED] },
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 202, 200, 200, 200, 200, 202]);
    expect(answers[2]!.body).toContain('"method":"notifications/progress"');
    expect(answers[3]!.body).toContain('called other');
    if (resumable) expect(answers[2]!.body).toMatch(/^id: \d+\nretry: 500\ndata: \n\n/);
  });

  it('holds one standalone stream per session and ends the session on DELETE', async () => {
    const answers = await same(false, [
      { headers: ACCEPT_BOTH, body: initialize(1) },
      { method: 'GET', headers: { ...IN_SESSION, Accept: 'text/event-stream' }, holdMs: 60 },
      { method: 'DELETE', headers: IN_SESSION },
      { headers: IN_SESSION, body: call(2) },
      { method: 'GET', headers: { ...IN_SESSION, Accept: 'text/event-stream' } },
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 404, 404]);
  });

  it('refuses a second standalone stream while the first is open', async () => {
    const both = async (kind: Kind) => {
      const endpoint = await serve(kind, false);
      try {
        await send(endpoint.url, { headers: ACCEPT_BOTH, body: initialize(1) });
        const get = { method: 'GET', headers: { ...IN_SESSION, Accept: 'text/event-stream' } };
        const first = send(endpoint.url, { ...get, holdMs: 150 });
        await sleep(50);
        const second = await send(endpoint.url, get);
        return [await first, second];
      } finally {
        await endpoint.close();
      }
    };
    const ours = await both('toolwright');
    expect(ours).toEqual(await both('sdk'));
    expect(ours.map((answer) => answer.status)).toEqual([200, 409]);
  });

  it('resumes a stream the server closed, and refuses an event it does not hold', async () => {
    const both = async (kind: Kind) => {
      const endpoint = await serve(kind, true);
      try {
        await send(endpoint.url, { headers: ACCEPT_BOTH, body: initialize(1) });
        const cut = await send(endpoint.url, { headers: IN_SESSION, body: call(2, 'closes', 9) });
        const priming = /^id: (\d+)\n/.exec(cut.body)?.[1] ?? 'none';
        await sleep(100);
        const get = { ...IN_SESSION, Accept: 'text/event-stream' };
        const resumed = await send(endpoint.url, {
          method: 'GET',
          headers: { ...get, 'last-event-id': priming },
        });
        const unknown = await send(endpoint.url, {
          method: 'GET',
          headers: { ...get, 'last-event-id': '999' },
        });
        return [cut, resumed, unknown];
      } finally {
        await endpoint.close();
      }
    };
    const ours = await both('toolwright');
    expect(ours).toEqual(await both('sdk'));
    expect(ours.map((answer) => answer.status)).toEqual([200, 200, 400]);
    expect(ours[0]!.body).not.toContain('called closes');
    expect(ours[1]!.body).toContain('"progress":2');
    expect(ours[1]!.body).toContain('called closes');
  });

  it('resumes into a live stream: the rest of a call arrives on the resumed response', async () => {
    const both = async (kind: Kind) => {
      const endpoint = await serve(kind, true);
      try {
        await send(endpoint.url, { headers: ACCEPT_BOTH, body: initialize(1) });
        const cut = await send(endpoint.url, { headers: IN_SESSION, body: call(2, 'slow', 9), holdMs: 30 });
        const priming = /^id: (\d+)\n/.exec(cut.body)?.[1] ?? 'none';
        const get = { ...IN_SESSION, Accept: 'text/event-stream' };
        return [
          cut,
          await send(endpoint.url, { method: 'GET', headers: { ...get, 'last-event-id': priming } }),
        ];
      } finally {
        await endpoint.close();
      }
    };
    const ours = await both('toolwright');
    expect(ours).toEqual(await both('sdk'));
    expect(ours[1]!.body).toContain('called slow');
  });

  it('answers 500 and dispatches nothing when the event store fails to store the priming event of a POST', async () => {
    const failing: EventStore = {
      storeEvent: () => Promise.reject(new Error('store down')),
      replayEventsAfter: () => Promise.reject(new Error('store down')),
    };
    const errors: string[] = [];
    const transport = new SessionTransport({ sessionId: SESSION, eventStore: failing });
    const server = new Server({ name: 'failing', version: '1.0.0' }, { capabilities: { tools: {} } });
    let called = 0;
    server.setRequestHandler('tools/call', async () => {
      called += 1;
      return { content: [] };
    });
    await server.connect(transport);
    transport.onerror = (error) => errors.push(error.message);
    const http = createServer((req, res) => {
      let text = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (text += chunk));
      req.on('end', () => void transport.handleRequest(req, res, JSON.parse(text)));
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
    try {
      const init = await send(url, { headers: ACCEPT_BOTH, body: initialize(1) });
      const answer = await send(url, { headers: IN_SESSION, body: call(2) });
      expect([init.status, answer.status]).toEqual([500, 500]);
      expect(JSON.parse(answer.body)).toEqual({
        jsonrpc: '2.0',
        error: { code: -32603, message: 'Internal server error: the event store failed.' },
        id: null,
      });
      expect(answer.type).toBe('application/json');
      expect(called).toBe(0);
      expect(errors).toContain('store down');
    } finally {
      await server.close();
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    }
  });
});
