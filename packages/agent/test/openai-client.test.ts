import {
  Agent,
  collectModelResponse,
  ModelError,
  OpenAiChatClient,
  type InvalidToolCall,
  type ModelRequest,
  type OpenAiChatClientOptions,
} from '../src';
import { collect } from './support/drive';
import { notesTools } from './support/fixture-tools';
import {
  delay,
  sendJson,
  sseFrame,
  startLoopbackServer,
  startSse,
  type LoopbackServer,
} from './support/loopback-server';
import { chunk, streamAnswer, toolCallChunks, usageChunk } from './support/openai-wire';

let server: LoopbackServer;

beforeAll(async () => {
  server = await startLoopbackServer((_request, response) =>
    sendJson(response, 500, { error: { message: 'no handler' } }),
  );
});

afterAll(() => server.close());

beforeEach(() => {
  server.requests.length = 0;
});

function client(options: OpenAiChatClientOptions = {}): OpenAiChatClient {
  return new OpenAiChatClient({
    baseUrl: `${server.url}/v1`,
    apiKey: 'sk-test',
    model: 'test-model',
    retryBaseDelayMs: 5,
    env: {},
    ...options,
  });
}

function request(overrides: Partial<ModelRequest> = {}): ModelRequest {
  return { messages: [{ role: 'user', content: 'hi' }], tools: [], ...overrides };
}

describe('OpenAiChatClient against a loopback server', () => {
  it('streams text and tool calls whose arguments arrive in fragments, with usage from the final chunk', async () => {
    server.handle((_request, response) =>
      streamAnswer(response, {
        text: ['Let me ', 'check.'],
        calls: [{ id: 'call_abc', name: 'read_note', pieces: ['{"na', 'me": "to', 'do"}'] }],
        usage: [42, 7],
      }),
    );
    const response = await collectModelResponse(client().stream(request()));

    expect(response).toEqual({
      text: 'Let me check.',
      toolCalls: [{ id: 'call_abc', name: 'read_note', arguments: '{"name": "todo"}' }],
      finishReason: 'tool_calls',
      rawFinishReason: 'tool_calls',
      usage: { inputTokens: 42, outputTokens: 7, totalTokens: 49 },
    });
  });

  it('sends the chat-completions request: system, tools from the snapshot, tool_choice, parallel_tool_calls, usage', async () => {
    const { tools } = notesTools();
    server.handle((_request, response) => streamAnswer(response, { text: ['ok'] }));
    const definitions = tools.snapshot().definitions('openai');
    await collectModelResponse(
      client().stream(
        request({
          system: 'Be brief.',
          tools: definitions,
          toolChoice: { name: 'read_note' },
          parallelToolCalls: false,
        }),
      ),
    );

    const [sent] = server.requests;
    expect(sent!.method).toBe('POST');
    expect(sent!.path).toBe('/v1/chat/completions');
    expect(sent!.headers['authorization']).toBe('Bearer sk-test');
    expect(sent!.headers['content-type']).toBe('application/json');
    expect(sent!.json).toEqual({
      model: 'test-model',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'hi' },
      ],
      stream: true,
      stream_options: { include_usage: true },
      tools: JSON.parse(JSON.stringify(definitions)),
      tool_choice: { type: 'function', function: { name: 'read_note' } },
      parallel_tool_calls: false,
    });
    expect(sent!.json.tools[0]).toMatchObject({ type: 'function', function: { name: 'read_note' } });
  });

  it('assembles parallel tool calls whose fragments interleave by index', async () => {
    server.handle((_request, response) => {
      startSse(response);
      const first = toolCallChunks(0, 'call_0', 'read_note', ['{"name":', '"a"}']);
      const second = toolCallChunks(1, 'call_1', 'read_note', ['{"name":', '"b"}']);
      for (let index = 0; index < first.length; index++) {
        response.write(sseFrame(first[index]));
        response.write(sseFrame(second[index]));
      }
      response.write(sseFrame(chunk({}, 'tool_calls')));
      response.end(sseFrame('[DONE]'));
    });
    const response = await collectModelResponse(client().stream(request()));

    expect(response.toolCalls).toEqual([
      { id: 'call_0', name: 'read_note', arguments: '{"name":"a"}' },
      { id: 'call_1', name: 'read_note', arguments: '{"name":"b"}' },
    ]);
  });

  it('runs a whole agent loop: the second request carries the tool calls and their results', async () => {
    const { tools } = notesTools();
    server.handle((_request, response, index) =>
      index === 0
        ? streamAnswer(response, {
            calls: [{ id: 'call_1', name: 'read_note', pieces: ['{"name":"todo"}'] }],
          })
        : streamAnswer(response, { text: ['You need ', 'milk.'] }),
    );
    const result = await new Agent({ model: client(), tools, system: 'You keep notes.' }).run(
      'what is on my todo?',
    );

    expect(result.text).toBe('You need milk.');
    expect(result.usage).toEqual({ inputTokens: 20, outputTokens: 10, totalTokens: 30 });
    expect(server.requests[1]!.json.messages).toEqual([
      { role: 'system', content: 'You keep notes.' },
      { role: 'user', content: 'what is on my todo?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'read_note', arguments: '{"name":"todo"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: 'buy milk' },
    ]);
  });

  it('retries a 429 after the retry-after-ms the server asked for', async () => {
    server.handle((_request, response, index) =>
      index === 0
        ? sendJson(
            response,
            429,
            { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } },
            { 'retry-after-ms': '200' },
          )
        : streamAnswer(response, { text: ['ok'] }),
    );
    const response = await collectModelResponse(client({ retryBaseDelayMs: 1 }).stream(request()));

    expect(response.text).toBe('ok');
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]!.at - server.requests[0]!.at).toBeGreaterThanOrEqual(190);
  });

  it('retries a 429 after retry-after given in seconds', async () => {
    server.handle((_request, response, index) =>
      index === 0
        ? sendJson(response, 429, { error: { message: 'slow down' } }, { 'retry-after': '1' })
        : streamAnswer(response, { text: ['ok'] }),
    );
    const response = await collectModelResponse(client({ retryBaseDelayMs: 1 }).stream(request()));

    expect(response.text).toBe('ok');
    expect(server.requests[1]!.at - server.requests[0]!.at).toBeGreaterThanOrEqual(990);
  });

  it('retries 5xx answers with backoff, then gives up with the last error', async () => {
    server.handle((_request, response) => sendJson(response, 503, { error: { message: 'overloaded' } }));
    const failure = await collectModelResponse(client({ maxRetries: 2 }).stream(request())).catch(
      (error: unknown) => error,
    );

    expect(ModelError.is(failure)).toBe(true);
    expect(failure).toMatchObject({ kind: 'http', status: 503, retryable: true, attempts: 3 });
    expect((failure as Error).message).toBe(
      `the OpenAI-compatible server at ${server.url}/v1 answered 503: overloaded`,
    );
    expect(server.requests).toHaveLength(3);
  });

  it('does not retry a 400, and reports the provider message', async () => {
    server.handle((_request, response) =>
      sendJson(response, 400, {
        error: { message: "Invalid schema for function 'x'", type: 'invalid_request_error', code: null },
      }),
    );
    const failure = await collectModelResponse(client().stream(request())).catch((error: unknown) => error);

    expect(failure).toMatchObject({
      kind: 'http',
      status: 400,
      retryable: false,
      code: 'invalid_request_error',
    });
    expect((failure as Error).message).toContain("answered 400: Invalid schema for function 'x'");
    expect(server.requests).toHaveLength(1);
  });

  it('names the URL tried on a 404 and suggests /v1 when the base URL lacks it', async () => {
    server.handle((_request, response) => sendJson(response, 404, { error: { message: 'Not Found' } }));
    const failure = await collectModelResponse(client({ baseUrl: server.url }).stream(request())).catch(
      (error: unknown) => error,
    );

    expect(failure).toMatchObject({ kind: 'http', status: 404, retryable: false });
    expect((failure as Error).message).toBe(
      `the OpenAI-compatible server at ${server.url} answered 404: Not Found (POST ${server.url}/chat/completions). ` +
        `OpenAI-compatible servers usually answer under /v1: try the base URL ${server.url}/v1 (OPENAI_BASE_URL or { baseUrl }).`,
    );

    const withVersion = await collectModelResponse(client().stream(request())).catch(
      (error: unknown) => error,
    );
    expect((withVersion as Error).message).toBe(
      `the OpenAI-compatible server at ${server.url}/v1 answered 404: Not Found (POST ${server.url}/v1/chat/completions). ` +
        `Check the base URL (${server.url}/v1) and the model name.`,
    );
  });

  it('does not wait for a retry-after longer than maxRetryAfterMs', async () => {
    server.handle((_request, response) =>
      sendJson(response, 429, { error: { message: 'quota' } }, { 'retry-after': '3600' }),
    );
    const failure = await collectModelResponse(client().stream(request())).catch((error: unknown) => error);

    expect(failure).toMatchObject({ kind: 'http', status: 429, retryAfterMs: 3_600_000 });
    expect((failure as Error).message).toContain('The server asked to wait 3600 s before retrying');
    expect(server.requests).toHaveLength(1);
  });

  it('fails as network, without retrying, when the connection drops mid-stream', async () => {
    server.handle((_request, response) => {
      startSse(response);
      response.write(sseFrame(chunk({ content: 'Half an ans' })));
      setTimeout(() => response.socket?.destroy(), 20);
    });
    const { tools } = notesTools();
    const { events, result } = await collect(new Agent({ model: client(), tools }).stream('go'));

    expect(events.filter((event) => event.type === 'text-delta')).toHaveLength(1);
    expect(result.stopReason).toBe('error');
    expect(result.error).toMatchObject({ kind: 'network', retryable: true });
    expect(result.reason).toMatch(
      /^The model request failed: The connection to .* closed before the response finished/,
    );
    expect(server.requests).toHaveLength(1);
  });

  it('fails as network when the server ends the body before finish_reason and [DONE]', async () => {
    server.handle((_request, response) => {
      startSse(response);
      response.end(sseFrame(chunk({ content: 'cut' })));
    });
    const failure = await collectModelResponse(client().stream(request())).catch((error: unknown) => error);
    expect(failure).toMatchObject({ kind: 'network', retryable: true });
  });

  it('passes malformed tool-call JSON to the decoder, whose error reaches the hook and the model', async () => {
    const { tools } = notesTools();
    server.handle((_request, response, index) =>
      index === 0
        ? streamAnswer(response, {
            calls: [{ id: 'call_bad', name: 'read_note', pieces: ['{"name": "todo",', ' }}'] }],
          })
        : streamAnswer(response, { text: ['ok'] }),
    );
    const seen: InvalidToolCall[] = [];
    await new Agent({
      model: client(),
      tools,
      hooks: { onInvalidCall: (invalid) => void seen.push(invalid) },
    }).run('go');

    expect(seen).toHaveLength(1);
    expect(seen[0]!.reason).toBe('invalid_arguments');
    expect(seen[0]!.call.arguments).toBe('{"name": "todo", }}');
    const toolMessage = server.requests[1]!.json.messages.find(
      (message: { role: string }) => message.role === 'tool',
    );
    expect(toolMessage.content).toBe(seen[0]!.error.modelText);
  });

  it('times out a server that stops sending', async () => {
    server.handle((_request, response) => {
      startSse(response);
      response.write(sseFrame(chunk({ content: 'and then…' })));
    });
    const failure = await collectModelResponse(
      client({ timeoutMs: 100, maxRetries: 0 }).stream(request()),
    ).catch((error: unknown) => error);
    expect(failure).toMatchObject({ kind: 'timeout', retryable: true });
    expect((failure as Error).message).toMatch(/sent nothing for 100 ms in the middle of a response/);
  });

  it('stops the request when the run is cancelled mid-stream, and the server sees the connection close', async () => {
    let closed = false;
    server.handle(async (_request, response) => {
      startSse(response);
      response.on('close', () => (closed = true));
      for (let index = 0; index < 100 && !closed; index++) {
        response.write(sseFrame(chunk({ content: `${index} ` })));
        await delay(20);
      }
      response.end();
    });
    const { tools } = notesTools();
    const controller = new AbortController();
    let deltas = 0;
    let result;
    for await (const event of new Agent({ model: client(), tools }).stream('go', {
      signal: controller.signal,
    })) {
      if (event.type === 'text-delta' && ++deltas === 2) controller.abort();
      if (event.type === 'done') result = event.result;
    }
    expect(result!.stopReason).toBe('cancelled');
    await delay(50);
    expect(closed).toBe(true);
  });

  it('reads an error sent inside the stream', async () => {
    server.handle((_request, response) => {
      startSse(response);
      response.end(
        sseFrame({
          error: { message: 'The server had an error while processing your request.', type: 'server_error' },
        }),
      );
    });
    const failure = await collectModelResponse(client().stream(request())).catch((error: unknown) => error);
    expect((failure as Error).message).toMatch(/reported an error in the stream: The server had an error/);
  });

  it('accepts a server that answers with one JSON completion despite stream: true', async () => {
    server.handle((_request, response) =>
      sendJson(response, 200, {
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              content: null,
              tool_calls: [{ id: 'c1', type: 'function', function: { name: 'list_notes', arguments: '{}' } }],
            },
            finish_reason: 'tool_calls',
          },
        ],
        usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 },
      }),
    );
    const response = await collectModelResponse(client().stream(request()));
    expect(response).toMatchObject({
      toolCalls: [{ id: 'c1', name: 'list_notes', arguments: '{}' }],
      finishReason: 'tool_calls',
      usage: { totalTokens: 5 },
    });
  });

  it('accepts a usage chunk whose choices are null, and a final chunk without [DONE]', async () => {
    server.handle((_request, response) => {
      startSse(response);
      response.write(sseFrame(chunk({ content: 'hi' })));
      response.write(sseFrame(chunk({}, 'stop')));
      response.end(sseFrame({ ...usageChunk(1, 1), choices: null }));
    });
    const response = await collectModelResponse(client().stream(request()));
    expect(response).toMatchObject({ text: 'hi', finishReason: 'stop', usage: { totalTokens: 2 } });
  });

  it('takes its base URL, key and model from OPENAI_BASE_URL, OPENAI_API_KEY and OPENAI_MODEL', async () => {
    server.handle((_request, response) => streamAnswer(response, { text: ['ok'] }));
    const fromEnv = new OpenAiChatClient({
      env: { OPENAI_BASE_URL: `${server.url}/v1/`, OPENAI_API_KEY: 'sk-env', OPENAI_MODEL: 'env-model' },
    });
    await collectModelResponse(fromEnv.stream(request()));

    expect(server.requests[0]!.headers['authorization']).toBe('Bearer sk-env');
    expect(server.requests[0]!.json.model).toBe('env-model');
    expect(fromEnv.format).toBe('openai');
  });

  it('needs a model name', () => {
    expect(() => new OpenAiChatClient({ env: {} })).toThrow(
      'OpenAiChatClient needs a model name: pass { model } or set OPENAI_MODEL.',
    );
  });

  it('fails as network, after its retries, when nothing listens', async () => {
    const closed = await startLoopbackServer(() => undefined);
    const url = closed.url;
    await closed.close();
    const failure = await collectModelResponse(
      new OpenAiChatClient({ baseUrl: url, model: 'm', env: {}, maxRetries: 1, retryBaseDelayMs: 1 }).stream(
        request(),
      ),
    ).catch((error: unknown) => error);
    expect(failure).toMatchObject({ kind: 'network', attempts: 2 });
    expect((failure as Error).message).toMatch(
      /^Could not reach the OpenAI-compatible server at .*: ECONNREFUSED\.$/,
    );
  });
});
