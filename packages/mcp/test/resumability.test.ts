import {
  Client,
  StreamableHTTPClientTransport,
  type CallToolResult,
  type Progress,
} from '@modelcontextprotocol/client';
import type { ToolCallContext } from '@toolwright/core';
import { ToolRegistry, type ToolServerHandle } from '@toolwright/registry';
import { McpSession } from '@toolwright/mcp';
import { InMemoryEventStore, serveMcp, type McpHttpOptions, type McpServing } from '@toolwright/mcp/node';
import { rawRequest, POST_HEADERS } from './http-helpers';
import { rawTool, sleep } from './helpers';

// SSE resumability of 2025-11-25 sessions over Streamable HTTP, with the real SDK v2 Client: a
// call whose stream ends mid-call (closed by the tool, or cut by the network) is resumed with
// Last-Event-ID and delivers every progress notification and its result exactly once; the event
// store's bounds end in a clear refusal, never in a replay of the wrong stream.

function text(result: CallToolResult): string {
  return result.content.map((block) => (block.type === 'text' ? block.text : `[${block.type}]`)).join('\n');
}

const progressItem = (step: number) =>
  ({ type: 'progress', kind: 'text', text: `step ${step}`, current: step, total: 6 }) as const;

function tools(): ToolServerHandle {
  return new ToolRegistry()
    .tool(
      // Ends its own stream after two steps; steps 3 to 6 and the result reach a resumed stream only.
      rawTool('ticker', async function* (_args: unknown, ctx: ToolCallContext) {
        for (let step = 1; step <= 6; step++) {
          yield progressItem(step);
          if (step === 2) ctx.require(McpSession).closeStream();
          await sleep(30, ctx.signal);
        }
        return 'ticked 6';
      }),
    )
    .tool(
      // Paced so that a stream cut after two steps leaves the rest to the event store.
      rawTool('paced', async function* (_args: unknown, ctx: ToolCallContext) {
        for (let step = 1; step <= 6; step++) {
          yield progressItem(step);
          await sleep(60, ctx.signal);
        }
        return 'paced 6';
      }),
    )
    .tool(
      rawTool('close_then_wait', async (_args: unknown, ctx: ToolCallContext) => {
        const closed = ctx.require(McpSession).closeStream();
        await sleep(400, ctx.signal);
        return closed ? 'closed' : 'not closed';
      }),
    )
    .finalize();
}

interface Recorded {
  readonly resumes: string[];
}

// A fetch that records the Last-Event-ID of every GET, and cuts the response stream of a POST
// calling `cutTool` right after its second progress notification (as a dropped connection would).
function recordingFetch(recorded: Recorded, cutTool?: string): typeof fetch {
  return async (input, init) => {
    const headers = new Headers(init?.headers);
    const lastEventId = headers.get('last-event-id');
    if (init?.method === 'GET' && lastEventId !== null) recorded.resumes.push(lastEventId);
    const response = await fetch(input, init);
    const body = typeof init?.body === 'string' ? init.body : '';
    if (cutTool === undefined || !body.includes(`"name":"${cutTool}"`) || response.body === null)
      return response;
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let seen = '';
    const cut = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { value, done } = await reader.read();
        if (done) return controller.close();
        controller.enqueue(value);
        seen += decoder.decode(value, { stream: true });
        if ((seen.match(/notifications\/progress/g) ?? []).length >= 2) {
          await reader.cancel();
          controller.error(new TypeError('network connection lost'));
        }
      },
    });
    return new Response(cut, { status: response.status, headers: response.headers });
  };
}

async function connect(url: string, recorded: Recorded, cutTool?: string): Promise<Client> {
  const client = new Client({ name: 'resume-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), { fetch: recordingFetch(recorded, cutTool) }),
  );
  return client;
}

describe('SSE resumability over Streamable HTTP under 2025-11-25, with the SDK v2 Client', () => {
  let serving: McpServing;

  beforeAll(async () => {
    serving = await serveMcp(tools(), { transport: { http: { port: 0, resumability: { retryMs: 50 } } } });
  });

  afterAll(async () => {
    await serving.close();
  });

  it.each([
    ['the tool closes its stream mid-call', 'ticker', undefined, 'ticked 6'],
    ['the network cuts the stream mid-call', 'paced', 'paced', 'paced 6'],
  ] as const)(
    'delivers every progress notification and the result exactly once when %s',
    async (_case, tool, cutTool, expected) => {
      const recorded: Recorded = { resumes: [] };
      const client = await connect(serving.url!, recorded, cutTool);
      try {
        const progress: Progress[] = [];
        const result = await client.request(
          { method: 'tools/call', params: { name: tool, arguments: {} } },
          { onprogress: (item) => progress.push(item) },
        );
        expect(text(result)).toBe(expected);
        expect(progress.map((item) => item.progress)).toEqual([1, 2, 3, 4, 5, 6]);
        expect(progress.map((item) => item.message)).toEqual(
          [1, 2, 3, 4, 5, 6].map((step) => `step ${step}`),
        );
        // The rest came over a GET that resumed after the last event the client had.
        expect(recorded.resumes.length).toBeGreaterThanOrEqual(1);
        // Nothing arrives twice later, either.
        await sleep(200);
        expect(progress).toHaveLength(6);
      } finally {
        await client.close();
      }
    },
  );

  it('returns false from closeStream where no stream can be resumed (2026-07-28)', async () => {
    const client = new Client(
      { name: 'resume-test', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await client.connect(new StreamableHTTPClientTransport(new URL(serving.url!)));
    try {
      const result = (await client.callTool({ name: 'close_then_wait', arguments: {} })) as CallToolResult;
      expect(text(result)).toBe('not closed');
    } finally {
      await client.close();
    }
  });
});

// --- raw exchanges, for what the SDK client does not show ---

const HEADERS = { ...POST_HEADERS, 'mcp-protocol-version': '2025-11-25' };

async function openSession(url: string): Promise<string> {
  const opened = await rawRequest(url, {
    headers: HEADERS,
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    }),
  });
  const sessionId = opened.headers['mcp-session-id'];
  if (typeof sessionId !== 'string') throw new Error(`no session: ${opened.status} ${opened.body}`);
  await rawRequest(url, {
    headers: { ...HEADERS, 'mcp-session-id': sessionId },
    body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
  });
  return sessionId;
}

// Calls close_then_wait and returns the ids of the events its (closed) stream carried.
async function closedCall(
  url: string,
  sessionId: string,
  id: number,
): Promise<{ ids: string[]; body: string }> {
  const response = await rawRequest(url, {
    headers: { ...HEADERS, 'mcp-session-id': sessionId },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: 'close_then_wait', arguments: {} },
    }),
  });
  return { ids: [...response.body.matchAll(/^id: (.+)$/gm)].map((match) => match[1]!), body: response.body };
}

function resume(url: string, sessionId: string, lastEventId: string) {
  return rawRequest(url, {
    method: 'GET',
    headers: {
      Accept: 'text/event-stream',
      'mcp-protocol-version': '2025-11-25',
      'mcp-session-id': sessionId,
      'last-event-id': lastEventId,
    },
  });
}

describe('resumable streams, on the wire', () => {
  let serving: McpServing | undefined;

  afterEach(async () => {
    await serving?.close();
    serving = undefined;
  });

  async function serve(http: McpHttpOptions): Promise<string> {
    serving = await serveMcp(tools(), { transport: { http: { port: 0, ...http } } });
    return serving.url!;
  }

  it('opens each stream with an event id and the retry interval, and replays the result after it', async () => {
    const url = await serve({ resumability: { retryMs: 750 } });
    const sessionId = await openSession(url);
    const { ids, body } = await closedCall(url, sessionId, 1);
    expect(body).toMatch(/^id: .+\nretry: 750\ndata: \n\n$/);
    expect(ids).toHaveLength(1);
    const resumed = await resume(url, sessionId, ids[0]!);
    expect(resumed.status).toBe(200);
    const messages = [...resumed.body.matchAll(/^data: (.+)$/gm)].map((match) => JSON.parse(match[1]!));
    expect(messages).toEqual([
      { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'closed' }] } },
    ]);
  });

  it('refuses, in words, to resume a stream the store evicted to stay within its bounds', async () => {
    const url = await serve({ resumability: { eventStore: new InMemoryEventStore({ maxStreams: 1 }) } });
    const sessionId = await openSession(url);
    const first = await closedCall(url, sessionId, 1);
    // A second stream pushes the first one out of a store that keeps one.
    await closedCall(url, sessionId, 2);
    const refused = await resume(url, sessionId, first.ids[0]!);
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32000,
        message:
          'Cannot resume the stream: the event in Last-Event-ID is not held for this session (its stream ' +
          'ended long ago, or the event store forgot it to stay within its bounds). Send the request again.',
      },
    });
  });

  it("never replays another session's stream", async () => {
    const url = await serve({});
    const owner = await openSession(url);
    const other = await openSession(url);
    const { ids } = await closedCall(url, owner, 1);
    const refused = await resume(url, other, ids[0]!);
    expect(refused.status).toBe(400);
    expect(refused.body).toContain('Cannot resume the stream');
    expect(refused.body).not.toContain('closed');
  });

  it('sends no event ids, and no closeStream, with resumability off', async () => {
    const url = await serve({ resumability: false });
    const sessionId = await openSession(url);
    const { ids, body } = await closedCall(url, sessionId, 1);
    expect(ids).toEqual([]);
    expect(body).toContain('"text":"not closed"');
  });
});
