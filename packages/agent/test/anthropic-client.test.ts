import type { ServerResponse } from 'node:http';
import {
  Agent,
  AnthropicMessagesClient,
  collectModelResponse,
  type AnthropicMessagesClientOptions,
  type InvalidToolCall,
  type ModelRequest,
} from '../src';
import { collect } from './support/drive';
import { notesTools } from './support/fixture-tools';
import {
  sendJson,
  sseFrame,
  startLoopbackServer,
  startSse,
  type LoopbackServer,
} from './support/loopback-server';

let server: LoopbackServer;

beforeAll(async () => {
  server = await startLoopbackServer((_request, response) =>
    sendJson(response, 500, { type: 'error', error: { type: 'api_error', message: 'no handler' } }),
  );
});

afterAll(() => server.close());

beforeEach(() => {
  server.requests.length = 0;
});

function client(options: AnthropicMessagesClientOptions = {}): AnthropicMessagesClient {
  return new AnthropicMessagesClient({
    baseUrl: server.url,
    apiKey: 'sk-ant-test',
    model: 'claude-test',
    retryBaseDelayMs: 5,
    env: {},
    ...options,
  });
}

function request(overrides: Partial<ModelRequest> = {}): ModelRequest {
  return { messages: [{ role: 'user', content: 'hi' }], tools: [], ...overrides };
}

function event(response: ServerResponse, type: string, data: Record<string, unknown>): void {
  response.write(sseFrame({ type, ...data }, type));
}

interface Answer {
  readonly text?: readonly string[];
  readonly tools?: readonly { id: string; name: string; pieces: readonly string[] }[];
  readonly stop?: 'end_turn' | 'tool_use' | 'max_tokens';
}

// The event sequence of the Messages API, block by block.
function streamMessage(response: ServerResponse, answer: Answer, end = true): void {
  startSse(response);
  event(response, 'message_start', {
    message: {
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      content: [],
      model: 'claude-test',
      stop_reason: null,
      usage: { input_tokens: 25, output_tokens: 1 },
    },
  });
  let index = 0;
  if (answer.text !== undefined) {
    event(response, 'content_block_start', { index, content_block: { type: 'text', text: '' } });
    event(response, 'ping', {});
    for (const text of answer.text)
      event(response, 'content_block_delta', { index, delta: { type: 'text_delta', text } });
    event(response, 'content_block_stop', { index });
    index++;
  }
  for (const tool of answer.tools ?? []) {
    event(response, 'content_block_start', {
      index,
      content_block: { type: 'tool_use', id: tool.id, name: tool.name, input: {} },
    });
    for (const partial_json of tool.pieces) {
      event(response, 'content_block_delta', { index, delta: { type: 'input_json_delta', partial_json } });
    }
    event(response, 'content_block_stop', { index });
    index++;
  }
  event(response, 'message_delta', {
    delta: {
      stop_reason: answer.stop ?? ((answer.tools ?? []).length > 0 ? 'tool_use' : 'end_turn'),
      stop_sequence: null,
    },
    usage: { output_tokens: 15 },
  });
  if (!end) return;
  event(response, 'message_stop', {});
  response.end();
}

describe('AnthropicMessagesClient against a loopback server', () => {
  it('streams text and tool_use blocks whose input arrives as input_json_delta', async () => {
    server.handle((_request, response) =>
      streamMessage(response, {
        text: ['Okay, ', 'reading.'],
        tools: [{ id: 'toolu_01', name: 'read_note', pieces: ['', '{"name": "to', 'do"}'] }],
      }),
    );
    const response = await collectModelResponse(client().stream(request()));

    expect(response).toEqual({
      text: 'Okay, reading.',
      toolCalls: [{ id: 'toolu_01', name: 'read_note', arguments: '{"name": "todo"}' }],
      finishReason: 'tool_calls',
      rawFinishReason: 'tool_use',
      usage: { inputTokens: 25, outputTokens: 15, totalTokens: 40 },
    });
  });

  it('sends x-api-key, anthropic-version, the system prompt apart, tools with input_schema, and tool_choice', async () => {
    const { tools } = notesTools();
    server.handle((_request, response) => streamMessage(response, { text: ['ok'] }));
    const definitions = tools.snapshot().definitions('anthropic');
    await collectModelResponse(
      client({ maxTokens: 1000 }).stream(
        request({
          system: 'Be brief.',
          tools: definitions,
          toolChoice: 'required',
          parallelToolCalls: false,
        }),
      ),
    );

    const [sent] = server.requests;
    expect(sent!.path).toBe('/v1/messages');
    expect(sent!.headers['x-api-key']).toBe('sk-ant-test');
    expect(sent!.headers['anthropic-version']).toBe('2023-06-01');
    expect(sent!.headers['authorization']).toBeUndefined();
    expect(sent!.json).toEqual({
      model: 'claude-test',
      max_tokens: 1000,
      system: 'Be brief.',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
      stream: true,
      tools: JSON.parse(JSON.stringify(definitions)),
      tool_choice: { type: 'any', disable_parallel_tool_use: true },
    });
    expect(sent!.json.tools[0]).toEqual({
      name: 'read_note',
      description: 'Read a note.',
      input_schema: expect.objectContaining({ type: 'object' }),
    });
  });

  it('sends tool calls back as tool_use blocks and their results as tool_result blocks in one user message', async () => {
    const { tools } = notesTools();
    server.handle((_request, response, index) =>
      index === 0
        ? streamMessage(response, {
            tools: [
              { id: 'toolu_a', name: 'read_note', pieces: ['{"name":"todo"}'] },
              { id: 'toolu_b', name: 'read_note', pieces: ['{"name":"nope"}'] },
            ],
          })
        : streamMessage(response, { text: ['Milk.'] }),
    );
    const result = await new Agent({ model: client(), tools }).run('todo?');

    expect(result.text).toBe('Milk.');
    expect(server.requests[1]!.json.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'todo?' }] },
      {
        role: 'assistant',
        content: [
          { type: 'tool_use', id: 'toolu_a', name: 'read_note', input: { name: 'todo' } },
          { type: 'tool_use', id: 'toolu_b', name: 'read_note', input: { name: 'nope' } },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_a', content: [{ type: 'text', text: 'buy milk' }] },
          {
            type: 'tool_result',
            tool_use_id: 'toolu_b',
            content: [{ type: 'text', text: "There is no note named 'nope'." }],
            is_error: true,
          },
        ],
      },
    ]);
  });

  it('retries a 529 overloaded answer after its retry-after', async () => {
    server.handle((_request, response, index) =>
      index === 0
        ? sendJson(
            response,
            529,
            { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
            { 'retry-after': '0' },
          )
        : streamMessage(response, { text: ['ok'] }),
    );
    const response = await collectModelResponse(client().stream(request()));
    expect(response.text).toBe('ok');
    expect(server.requests).toHaveLength(2);
  });

  it('retries a 429 rate_limit_error honouring retry-after', async () => {
    server.handle((_request, response, index) =>
      index === 0
        ? sendJson(
            response,
            429,
            {
              type: 'error',
              error: {
                type: 'rate_limit_error',
                message: 'Number of request tokens has exceeded your per-minute rate limit',
              },
            },
            { 'retry-after': '1' },
          )
        : streamMessage(response, { text: ['ok'] }),
    );
    const response = await collectModelResponse(client({ retryBaseDelayMs: 1 }).stream(request()));
    expect(response.text).toBe('ok');
    expect(server.requests[1]!.at - server.requests[0]!.at).toBeGreaterThanOrEqual(990);
  });

  it('reports an error event in the stream with its type', async () => {
    server.handle((_request, response) => {
      startSse(response);
      event(response, 'message_start', { message: { usage: { input_tokens: 1, output_tokens: 0 } } });
      event(response, 'error', { error: { type: 'overloaded_error', message: 'Overloaded' } });
      response.end();
    });
    const failure = await collectModelResponse(client().stream(request())).catch((error: unknown) => error);
    expect(failure).toMatchObject({ kind: 'http', code: 'overloaded_error', retryable: true });
    expect((failure as Error).message).toMatch(/reported an error in the stream: Overloaded$/);
  });

  it('fails as network when the connection drops mid-stream', async () => {
    server.handle((_request, response) => {
      streamMessage(response, { text: ['Half'] }, false);
      setTimeout(() => response.socket?.destroy(), 20);
    });
    const { tools } = notesTools();
    const { result } = await collect(new Agent({ model: client(), tools }).stream('go'));
    expect(result.stopReason).toBe('error');
    expect(result.error).toMatchObject({ kind: 'network', retryable: true });
    expect(server.requests).toHaveLength(1);
  });

  it('passes a malformed partial_json input to the decoder as invalid_arguments', async () => {
    const { tools } = notesTools();
    server.handle((_request, response, index) =>
      index === 0
        ? streamMessage(response, {
            tools: [{ id: 'toolu_x', name: 'read_note', pieces: ['{"name": ', 'todo}'] }],
          })
        : streamMessage(response, { text: ['ok'] }),
    );
    const seen: InvalidToolCall[] = [];
    await new Agent({
      model: client(),
      tools,
      hooks: { onInvalidCall: (invalid) => void seen.push(invalid) },
    }).run('go');

    expect(seen.map((invalid) => [invalid.reason, invalid.call.arguments])).toEqual([
      ['invalid_arguments', '{"name": todo}'],
    ]);
    // The malformed input cannot be echoed as an object: it goes back as {} with the decoder's error as the result.
    const [assistant, results] = server.requests[1]!.json.messages.slice(1);
    expect(assistant.content).toEqual([{ type: 'tool_use', id: 'toolu_x', name: 'read_note', input: {} }]);
    expect(results.content[0]).toMatchObject({ type: 'tool_result', tool_use_id: 'toolu_x', is_error: true });
  });

  it('takes its settings from ANTHROPIC_BASE_URL, ANTHROPIC_API_KEY and ANTHROPIC_MODEL', async () => {
    server.handle((_request, response) => streamMessage(response, { text: ['ok'] }));
    const fromEnv = new AnthropicMessagesClient({
      env: {
        ANTHROPIC_BASE_URL: `${server.url}/v1`,
        ANTHROPIC_API_KEY: 'sk-ant-env',
        ANTHROPIC_MODEL: 'claude-env',
      },
    });
    await collectModelResponse(fromEnv.stream(request()));
    expect(server.requests[0]!.path).toBe('/v1/messages');
    expect(server.requests[0]!.headers['x-api-key']).toBe('sk-ant-env');
    expect(server.requests[0]!.json.model).toBe('claude-env');
  });
});
