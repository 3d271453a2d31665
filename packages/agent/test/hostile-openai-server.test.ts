import {
  Agent,
  collectModelResponse,
  ModelError,
  OpenAiChatClient,
  type AgentRunResult,
  type InvalidToolCall,
  type ModelClient,
  type OpenAiChatClientOptions,
} from '../src';
import { notesTools } from './support/fixture-tools';
import {
  sendJson,
  sseFrame,
  startLoopbackServer,
  startSse,
  type LoopbackServer,
} from './support/loopback-server';
import { chunk, streamAnswer, toolCallChunks, usageChunk } from './support/openai-wire';

// An OpenAI-compatible server that lies about its tool calls (F23): indexes from the wire are
// keys, bounded, and no call is ever dropped, merged or given another call's id.

let server: LoopbackServer;

beforeAll(async () => {
  server = await startLoopbackServer((_request, response) =>
    sendJson(response, 500, { error: 'no handler' }),
  );
});

afterAll(() => server.close());

function client(options: OpenAiChatClientOptions = {}): OpenAiChatClient {
  return new OpenAiChatClient({
    baseUrl: `${server.url}/v1`,
    model: 'test-model',
    maxRetries: 0,
    env: {},
    ...options,
  });
}

/** Answers with these chunks, then a tool_calls finish, usage and [DONE]. */
function answerWith(frames: readonly Record<string, unknown>[]): void {
  server.handle((_request, response) => {
    startSse(response);
    for (const frame of frames) response.write(sseFrame(frame));
    response.write(sseFrame(chunk({}, 'tool_calls')));
    response.write(sseFrame(usageChunk(1, 1)));
    response.write(sseFrame('[DONE]'));
    response.end();
  });
}

function part(index: unknown, fields: Record<string, unknown> = {}): Record<string, unknown> {
  return chunk({ tool_calls: [{ index, ...fields }] });
}

async function runOnce(options: OpenAiChatClientOptions = {}): Promise<AgentRunResult> {
  const { tools } = notesTools();
  return new Agent({ model: client(options), tools, maxTurns: 1 }).run('go');
}

function expectProtocolError(result: AgentRunResult, message: string): void {
  expect(result.stopReason).toBe('error');
  expect(ModelError.is(result.error)).toBe(true);
  expect((result.error as ModelError).kind).toBe('protocol');
  expect((result.error as ModelError).message).toBe(message);
  expect(result.toolResults).toEqual([]);
}

const provider = () => `the OpenAI-compatible server at ${server.url}/v1`;

describe('an OpenAI-compatible server sending hostile tool-call indexes', () => {
  it.each([4294967294, 50_000_000, 10_000])(
    'fails fast on index %d, without walking up to it',
    async (index) => {
      answerWith([part(index, { id: 'call_x', function: { name: 'read_note', arguments: '{}' } })]);
      const started = performance.now();
      const result = await runOnce();

      expectProtocolError(
        result,
        `${provider()} sent a tool call with index ${index}; an index must be a whole number from 0 to 9999.`,
      );
      expect(performance.now() - started).toBeLessThan(3000);
    },
  );

  it.each([
    [-1, '-1'],
    [1.5, '1.5'],
    ['0', '"0"'],
    [true, 'true'],
  ])('fails on index %p after a call has started, never dropping it silently', async (index, shown) => {
    answerWith([
      ...toolCallChunks(0, 'call_a', 'read_note', ['{"name":"todo"}']),
      part(index, { id: 'call_b', function: { name: 'write_note', arguments: '{"name":"x","text":"y"}' } }),
    ]);
    const result = await runOnce();

    expectProtocolError(
      result,
      `${provider()} sent a tool call with index ${shown}; an index must be a whole number from 0 to 9999.`,
    );
  });

  it('keeps calls that share an index but carry different ids apart (servers that send every call at index 0)', async () => {
    answerWith([
      part(0, { id: 'call_a', function: { name: 'read_note', arguments: '{"name":"todo"}' } }),
      part(0, { id: 'call_b', function: { name: 'list_notes', arguments: '{}' } }),
    ]);
    const response = await collectModelResponse(client().stream({ messages: [], tools: [] }));

    expect(response.toolCalls).toEqual([
      { id: 'call_a', name: 'read_note', arguments: '{"name":"todo"}' },
      { id: 'call_b', name: 'list_notes', arguments: '{}' },
    ]);
  });

  it('numbers the model events of sparse wire indexes by the order the calls began', async () => {
    answerWith([
      ...toolCallChunks(7, 'call_a', 'read_note', ['{"name":"todo"}']),
      ...toolCallChunks(2, 'call_b', 'list_notes', ['{}']),
    ]);
    const events = [];
    for await (const event of client().stream({ messages: [], tools: [] })) events.push(event);

    expect(events.filter((event) => event.type === 'tool-call')).toEqual([
      { type: 'tool-call', index: 0, id: 'call_a', name: 'read_note', arguments: '{"name":"todo"}' },
      { type: 'tool-call', index: 1, id: 'call_b', name: 'list_notes', arguments: '{}' },
    ]);
  });

  it(`fails when one response holds more calls than maxToolCalls (default 128)`, async () => {
    answerWith(
      Array.from({ length: 129 }, (_, index) =>
        part(index, { id: `call_${index}`, function: { name: 'list_notes', arguments: '{}' } }),
      ),
    );
    expectProtocolError(
      await runOnce(),
      `${provider()} sent more than 128 tool calls in one response, the limit (maxToolCalls).`,
    );
  });

  it('fails when one call’s arguments outgrow maxToolCallArgumentCharacters', async () => {
    answerWith([
      ...toolCallChunks(
        0,
        'call_a',
        'write_note',
        Array.from({ length: 30 }, () => 'x'.repeat(50)),
      ),
    ]);
    expectProtocolError(
      await runOnce({ maxToolCallArgumentCharacters: 1000 }),
      `${provider()} sent arguments of more than 1000 characters for the call of "write_note", the limit (maxToolCallArgumentCharacters).`,
    );
  });
});

describe('an OpenAI-compatible server that bends the wire format', () => {
  it('keeps a lone call object sent where the tool_calls array belongs', async () => {
    answerWith([
      chunk({
        tool_calls: { index: 0, id: 'call_a', function: { name: 'read_note', arguments: '{"name":"todo"}' } },
      }),
    ]);
    const response = await collectModelResponse(client().stream({ messages: [], tools: [] }));
    expect(response.toolCalls).toEqual([{ id: 'call_a', name: 'read_note', arguments: '{"name":"todo"}' }]);
  });

  it('does not follow a redirect, which would carry the request and its API key elsewhere', async () => {
    const elsewhere = await startLoopbackServer((_request, response) =>
      streamAnswer(response, { text: ['stolen'] }),
    );
    try {
      server.handle((_request, response) => {
        response.writeHead(307, { location: `${elsewhere.url}/v1/chat/completions` });
        response.end();
      });
      const outcome: unknown = await collectModelResponse(
        client({ apiKey: 'sk-secret' }).stream({ messages: [], tools: [] }),
      ).then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect(ModelError.is(outcome) && outcome.kind).toBe('http');
      expect((outcome as ModelError).message).toBe(
        `${provider()} answered 307: a redirect to ${elsewhere.url}/v1/chat/completions, which is not followed (it would carry the request and its key there); set the base URL to the address to use`,
      );
      expect((outcome as ModelError).retryable).toBe(false);
      expect(elsewhere.requests).toEqual([]);
    } finally {
      await elsewhere.close();
    }
  });
});

describe('call ids from a hostile server', () => {
  it('renames repeated ids without colliding with an id the model gave a later call', async () => {
    answerWith([
      ...toolCallChunks(0, 'a', 'list_notes', ['{}']),
      ...toolCallChunks(1, 'a', 'list_notes', ['{}']),
      ...toolCallChunks(2, 'call_1_2', 'list_notes', ['{}']),
    ]);
    const result = await runOnce();
    const ids = result.toolResults.map((call) => call.call.id);

    expect(ids).toEqual(['a', 'call_1_2_2', 'call_1_2']);
    const toolMessages = result.messages.filter((message) => message.role === 'tool');
    expect(toolMessages.map((message) => message.toolCallId)).toEqual(ids);
  });

  it('renames an id the server repeats in a later turn, so results never pair with the wrong call', async () => {
    server.handle((_request, response, index) =>
      index < 2
        ? streamAnswer(response, { calls: [{ id: 'call_0', name: 'list_notes', pieces: ['{}'] }] })
        : streamAnswer(response, { text: ['done'] }),
    );
    const { tools } = notesTools();
    const result = await new Agent({ model: client(), tools }).run('go');

    expect(result.stopReason).toBe('completed');
    expect(result.toolResults.map((call) => call.call.id)).toEqual(['call_0', 'call_2_1']);
    // The third request pairs each result with its own call.
    const sent = server.requests.at(-1)!.json.messages as { role: string; tool_call_id?: string }[];
    expect(sent.filter((message) => message.role === 'tool').map((message) => message.tool_call_id)).toEqual([
      'call_0',
      'call_2_1',
    ]);
  });
});

describe('malformed calls become invalid calls the recovery hook sees', () => {
  it('a call whose name is not a string, streamed', async () => {
    answerWith([part(0, { id: 'call_a', function: { name: 42, arguments: '{"name":"todo"}' } })]);
    const seen: InvalidToolCall[] = [];
    const { tools } = notesTools();
    const agent = new Agent({
      model: client(),
      tools,
      maxTurns: 1,
      hooks: { onInvalidCall: (invalid) => void seen.push(invalid) },
    });
    const result = await agent.run('go');

    expect(seen.map((invalid) => [invalid.reason, invalid.call])).toEqual([
      ['unknown_tool', { id: 'call_a', name: '', arguments: '{"name":"todo"}' }],
    ]);
    expect(result.toolResults.map((call) => call.status)).toEqual(['failed']);
  });

  it('entries of a whole JSON completion that are not call objects, or whose arguments are not text', async () => {
    server.handle((_request, response) =>
      sendJson(response, 200, {
        choices: [
          {
            message: {
              role: 'assistant',
              content: null,
              tool_calls: [null, { id: 'call_b', function: { name: 'read_note', arguments: 7 } }],
            },
            finish_reason: 'tool_calls',
          },
        ],
      }),
    );
    const seen: InvalidToolCall[] = [];
    const { tools } = notesTools();
    const agent = new Agent({
      model: client(),
      tools,
      maxTurns: 1,
      hooks: { onInvalidCall: (invalid) => void seen.push(invalid) },
    });
    await agent.run('go');

    expect(seen.map((invalid) => [invalid.reason, invalid.call.name, invalid.call.arguments])).toEqual([
      ['unknown_tool', '', ''],
      ['invalid_arguments', 'read_note', '7'],
    ]);
  });
});

describe('a ModelClient of the host’s own that emits calls with the wrong types', () => {
  it('still reaches the loop as calls with string fields, which the recovery hook sees', async () => {
    let turn = 0;
    const model: ModelClient = {
      format: 'openai',
      async *stream() {
        turn++;
        if (turn > 1) {
          yield { type: 'text-delta', text: 'ok' };
        } else {
          yield { type: 'tool-call', index: 0, id: 5, name: null, arguments: { name: 'todo' } } as never;
          yield { type: 'tool-call', index: 1, id: 'c2', name: 'read_note', arguments: undefined } as never;
        }
        yield { type: 'finish', finishReason: turn > 1 ? 'stop' : 'tool_calls' };
      },
    };
    const seen: InvalidToolCall[] = [];
    const { tools } = notesTools();
    const result = await new Agent({
      model,
      tools,
      hooks: { onInvalidCall: (invalid) => void seen.push(invalid) },
    }).run('go');

    expect(result.stopReason).toBe('completed');
    expect(seen.map((invalid) => [invalid.reason, invalid.call])).toEqual([
      ['unknown_tool', { id: 'call_1_1', name: '', arguments: '{"name":"todo"}' }],
      ['invalid_arguments', { id: 'c2', name: 'read_note', arguments: '' }],
    ]);
  });
});

describe('a model asking for thousands of read-only calls in one turn', () => {
  it('runs at most maxConcurrentCalls (default 8) at once and queues the rest, in order', async () => {
    const count = 5000;
    server.handle((_request, response, index) => {
      if (index > 0) return streamAnswer(response, { text: ['done'] });
      startSse(response);
      for (let call = 0; call < count; call++) {
        response.write(
          sseFrame(
            part(call, { id: `r${call}`, function: { name: 'slow_read', arguments: '{"name":"todo"}' } }),
          ),
        );
      }
      response.write(sseFrame(chunk({}, 'tool_calls')));
      response.write(sseFrame('[DONE]'));
      response.end();
    });
    const { tools, log } = notesTools({ holdMs: 1 });
    const agent = new Agent({ model: client({ maxToolCalls: count }), tools });
    const result = await agent.run('read it all');

    expect(result.stopReason).toBe('completed');
    expect(result.toolResults).toHaveLength(count);
    expect(result.toolResults.every((call) => call.status === 'ok')).toBe(true);
    expect(log.maxActive).toBe(8);
    expect(result.toolResults.map((call) => call.call.id)).toEqual(
      Array.from({ length: count }, (_, call) => `r${call}`),
    );
  }, 30_000);

  it('starts no more queued calls once a hook threw, and still answers every call in the transcript', async () => {
    server.handle((_request, response) =>
      streamAnswer(response, {
        calls: Array.from({ length: 20 }, (_, call) => ({
          id: `r${call}`,
          name: 'slow_read',
          pieces: [call === 0 ? '{"name":""}' : '{"name":"todo"}'],
        })),
      }),
    );
    const { tools, log } = notesTools({ holdMs: 20 });
    const agent = new Agent({
      model: client(),
      tools,
      hooks: {
        onInvalidCall: () => {
          throw new Error('the hook broke');
        },
      },
    });
    const result = await agent.run('read');

    expect(result.stopReason).toBe('error');
    expect(log.calls.length).toBeLessThanOrEqual(8);
    expect(result.messages.filter((message) => message.role === 'tool')).toHaveLength(20);
  });

  it('takes maxConcurrentCalls from the options', async () => {
    server.handle((_request, response, index) =>
      index > 0
        ? streamAnswer(response, { text: ['done'] })
        : streamAnswer(response, {
            calls: Array.from({ length: 10 }, (_, call) => ({
              id: `r${call}`,
              name: 'slow_read',
              pieces: ['{"name":"todo"}'],
            })),
          }),
    );
    const { tools, log } = notesTools({ holdMs: 20 });
    await new Agent({ model: client(), tools, maxConcurrentCalls: 3 }).run('read');
    expect(log.maxActive).toBe(3);
    expect(() => new Agent({ model: client(), tools, maxConcurrentCalls: 0 })).toThrow(
      'Agent maxConcurrentCalls must be a whole number of at least 1; got 0.',
    );
  });
});
