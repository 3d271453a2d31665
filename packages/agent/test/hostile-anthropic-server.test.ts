import type { ServerResponse } from 'node:http';
import {
  AnthropicMessagesClient,
  collectModelResponse,
  ModelError,
  type AnthropicMessagesClientOptions,
  type ModelResponse,
} from '../src';
import { writeFlood } from './support/hostile-writes';
import {
  sendJson,
  sseFrame,
  startLoopbackServer,
  startSse,
  type LoopbackServer,
} from './support/loopback-server';

// A Messages API server that lies about its content blocks: block indexes are bounded keys, a
// tool_use never replaces another, input never goes to a block that is not open, and a huge
// partial_json is read in linear time (F24).

let server: LoopbackServer;

beforeAll(async () => {
  server = await startLoopbackServer((_request, response) =>
    sendJson(response, 500, { error: 'no handler' }),
  );
});

afterAll(() => server.close());

function client(options: AnthropicMessagesClientOptions = {}): AnthropicMessagesClient {
  return new AnthropicMessagesClient({
    baseUrl: server.url,
    model: 'claude-test',
    maxRetries: 0,
    env: {},
    ...options,
  });
}

const provider = () => `the Anthropic API at ${server.url}`;

function frame(type: string, data: Record<string, unknown>): string {
  return sseFrame({ type, ...data }, type);
}

const START = frame('message_start', {
  message: {
    id: 'msg_1',
    type: 'message',
    role: 'assistant',
    content: [],
    usage: { input_tokens: 3, output_tokens: 1 },
  },
});
const END =
  frame('message_delta', { delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 2 } }) +
  frame('message_stop', {});

function toolStart(index: unknown, id: string, name = 'read_note'): string {
  return frame('content_block_start', { index, content_block: { type: 'tool_use', id, name, input: {} } });
}

function input(index: unknown, partial_json: string): string {
  return frame('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json } });
}

function stop(index: unknown): string {
  return frame('content_block_stop', { index });
}

function answer(frames: readonly string[]): void {
  server.handle((_request, response) => {
    startSse(response);
    response.write(START);
    for (const text of frames) response.write(text);
    response.write(END);
    response.end();
  });
}

async function failure(options: AnthropicMessagesClientOptions = {}): Promise<ModelError> {
  const outcome: unknown = await collectModelResponse(
    client(options).stream({ messages: [{ role: 'user', content: 'hi' }], tools: [] }),
  ).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!ModelError.is(outcome)) throw new Error(`expected a ModelError, got ${String(outcome)}`);
  return outcome;
}

function response(options: AnthropicMessagesClientOptions = {}): Promise<ModelResponse> {
  return collectModelResponse(
    client(options).stream({ messages: [{ role: 'user', content: 'hi' }], tools: [] }),
  );
}

describe('an Anthropic server sending hostile content-block indexes', () => {
  it.each([
    [4294967294, '4294967294'],
    [50_000_000, '50000000'],
    [-1, '-1'],
    [1.5, '1.5'],
    ['0', '"0"'],
  ])('fails on a tool_use block at index %p', async (index, shown) => {
    answer([toolStart(index, 'toolu_a'), input(index, '{"name":"todo"}'), stop(index)]);
    const error = await failure();
    expect(error.kind).toBe('protocol');
    expect(error.message).toBe(
      `${provider()} sent content_block_start for a content block with index ${shown}; an index must be a whole number from 0 to 9999.`,
    );
  });

  it('fails on a block without an index', async () => {
    answer([frame('content_block_start', { content_block: { type: 'tool_use', id: 'toolu_a', name: 'x' } })]);
    expect((await failure()).message).toBe(`${provider()} sent content_block_start without a block index.`);
  });

  it('fails on a tool_use started on a still-open index: the first call is never replaced', async () => {
    answer([
      toolStart(0, 'toolu_a', 'read_note'),
      input(0, '{"name":'),
      toolStart(0, 'toolu_b', 'write_note'),
      input(0, '"todo"}'),
      stop(0),
    ]);
    const error = await failure();
    expect(error.kind).toBe('protocol');
    expect(error.message).toBe(`${provider()} started content block 0 while block 0 was still open.`);
  });

  it('fails on input for a block that is not open (never started, or already stopped)', async () => {
    answer([toolStart(0, 'toolu_a'), input(0, '{}'), stop(0), input(0, '{"more":1}')]);
    expect((await failure()).message).toBe(
      `${provider()} sent tool input for content block 0, which is not open.`,
    );
    answer([input(3, '{}')]);
    expect((await failure()).message).toBe(
      `${provider()} sent tool input for content block 3, which is not open.`,
    );
  });

  it('keeps a block index reused after its stop as a second call', async () => {
    answer([
      toolStart(0, 'toolu_a', 'read_note'),
      input(0, '{"name":"a"}'),
      stop(0),
      toolStart(0, 'toolu_b', 'read_note'),
      input(0, '{"name":"b"}'),
      stop(0),
    ]);
    expect((await response()).toolCalls).toEqual([
      { id: 'toolu_a', name: 'read_note', arguments: '{"name":"a"}' },
      { id: 'toolu_b', name: 'read_note', arguments: '{"name":"b"}' },
    ]);
  });

  it('ignores input for an open block that is not a tool_use (a server tool’s)', async () => {
    answer([
      frame('content_block_start', {
        index: 0,
        content_block: { type: 'server_tool_use', id: 'srvtoolu_1' },
      }),
      input(0, '{"query":"x"}'),
      stop(0),
      toolStart(1, 'toolu_a'),
      input(1, '{"name":"todo"}'),
      stop(1),
    ]);
    expect((await response()).toolCalls).toEqual([
      { id: 'toolu_a', name: 'read_note', arguments: '{"name":"todo"}' },
    ]);
  });

  it('fails on input given whole in content_block_start beyond maxToolCallArgumentCharacters', async () => {
    answer([
      frame('content_block_start', {
        index: 0,
        content_block: {
          type: 'tool_use',
          id: 'toolu_a',
          name: 'write_note',
          input: { text: 'x'.repeat(2000) },
        },
      }),
      stop(0),
    ]);
    expect((await failure({ maxToolCallArgumentCharacters: 1000 })).message).toBe(
      `${provider()} sent arguments of more than 1000 characters for the call of "write_note", the limit (maxToolCallArgumentCharacters).`,
    );
  });

  it('fails on more tool_use blocks than maxToolCalls', async () => {
    answer(Array.from({ length: 6 }, (_, index) => toolStart(index, `toolu_${index}`) + stop(index)));
    expect((await failure({ maxToolCalls: 5 })).message).toBe(
      `${provider()} sent more than 5 tool calls in one response, the limit (maxToolCalls).`,
    );
  });
});

describe('a 5 MB partial_json', () => {
  const size = 5 * 1024 * 1024;

  // One event line of 5 MB, in 8 KB network chunks: a parser that rescans its buffer per chunk is quadratic.
  function floodInput(response: ServerResponse): Promise<void> {
    startSse(response);
    response.write(START + toolStart(0, 'toolu_big', 'write_note'));
    const head =
      'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\\"text\\":\\"';
    response.write(head);
    return writeFlood(response, () => 'a'.repeat(8192), size).then(() => {
      if (response.destroyed) return;
      response.write('\\"}"}}\n\n' + stop(0) + END);
      response.end();
    });
  }

  it('is read in linear time when the limits allow it', async () => {
    server.handle((_request, res) => floodInput(res));
    const started = performance.now();
    const result = await response({ maxToolCallArgumentCharacters: 8 * 1024 * 1024 });

    expect(result.toolCalls).toHaveLength(1);
    expect(result.toolCalls[0]!.arguments.length).toBe(size + 11);
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('is refused by the default maxToolCallArgumentCharacters (4 Mi), as soon as it crosses it', async () => {
    server.handle((_request, res) => floodInput(res));
    const error = await failure();
    expect(error.message).toBe(
      `${provider()} sent arguments of more than 4194304 characters for the call of "write_note", the limit (maxToolCallArgumentCharacters).`,
    );
  });
});
