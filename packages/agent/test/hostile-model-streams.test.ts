import { gzipSync } from 'node:zlib';
import {
  Agent,
  AnthropicMessagesClient,
  collectModelResponse,
  ModelError,
  OpenAiChatClient,
  type ModelClient,
  type OpenAiChatClientOptions,
} from '../src';
import { notesTools } from './support/fixture-tools';
import { writeFlood, writeForever } from './support/hostile-writes';
import {
  sendJson,
  sseFrame,
  startLoopbackServer,
  startSse,
  type LoopbackServer,
} from './support/loopback-server';
import { chunk, streamAnswer, usageChunk } from './support/openai-wire';

// Servers whose event streams are themselves the attack (F24): a line that never ends, a body
// that never ends, a body that never stops trickling, a decompression bomb, the wrong content
// type, a stream cut in the middle of an event. Each ends the request with a ModelError that
// names what happened, quickly, and the run with stopReason 'error'.

let server: LoopbackServer;

beforeAll(async () => {
  server = await startLoopbackServer((_request, response) =>
    sendJson(response, 500, { error: 'no handler' }),
  );
});

afterAll(() => server.close());

function openai(options: OpenAiChatClientOptions = {}): OpenAiChatClient {
  return new OpenAiChatClient({
    baseUrl: `${server.url}/v1`,
    model: 'm',
    maxRetries: 0,
    env: {},
    ...options,
  });
}

const provider = () => `the OpenAI-compatible server at ${server.url}/v1`;

async function failure(model: ModelClient): Promise<ModelError> {
  const outcome: unknown = await collectModelResponse(model.stream({ messages: [], tools: [] })).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!ModelError.is(outcome)) throw new Error(`expected a ModelError, got ${String(outcome)}`);
  return outcome;
}

const TEXT_EVENT = sseFrame(chunk({ content: 'lorem ipsum dolor sit amet ' }));

describe('one enormous line', () => {
  it('a 16 MB line without a newline is refused at maxLineCharacters (8 Mi), in linear time', async () => {
    let written = 0;
    server.handle(async (_request, response) => {
      startSse(response);
      response.write('data: ');
      // 1 KB network chunks: a parser that rescans the pending line per chunk takes minutes here.
      written = await writeFlood(response, () => 'x'.repeat(1024), 16 * 1024 * 1024);
    });
    const started = performance.now();
    const error = await failure(openai());

    expect(error.kind).toBe('protocol');
    expect(error.message).toBe(
      `${provider()} sent a line of more than 8388608 characters in its event stream, the limit (maxLineCharacters); the rest was not read.`,
    );
    expect(performance.now() - started).toBeLessThan(5000);
    // The client stopped reading: the server could not push the whole 16 MB.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(written).toBeLessThan(16 * 1024 * 1024);
  });

  it('a line split across many chunks is joined once (a 1 MB line in 100-byte chunks), under a smaller cap on request', async () => {
    const size = 1_000_000;
    server.handle(async (_request, response) => {
      startSse(response);
      response.write('data: {"choices":[{"index":0,"delta":{"content":"');
      await writeFlood(response, () => 'y'.repeat(100), size);
      response.write('"},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n');
      response.end();
    });
    const result = await collectModelResponse(openai().stream({ messages: [], tools: [] }));
    expect(result.text.length).toBe(size);

    expect((await failure(openai({ maxLineCharacters: 64 * 1024 }))).message).toBe(
      `${provider()} sent a line of more than 65536 characters in its event stream, the limit (maxLineCharacters); the rest was not read.`,
    );
  });

  it('an event of many data lines is refused at maxEventCharacters', async () => {
    server.handle(async (_request, response) => {
      startSse(response);
      await writeFlood(response, () => 'data: zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz\n', 1024 * 1024);
    });
    expect((await failure(openai({ maxEventCharacters: 100_000 }))).message).toBe(
      `${provider()} sent an event of more than 100000 characters in its event stream, the limit (maxEventCharacters); the rest was not read.`,
    );
  });
});

describe('a response that never ends', () => {
  it('an endless text stream is stopped by maxResponseBytes, and the run ends with an error', async () => {
    server.handle(async (_request, response) => {
      startSse(response);
      await writeFlood(response, () => TEXT_EVENT, Infinity);
    });
    const { tools } = notesTools();
    const result = await new Agent({ model: openai({ maxResponseBytes: 2 * 1024 * 1024 }), tools }).run('go');

    expect(result.stopReason).toBe('error');
    expect((result.error as ModelError).message).toBe(
      `${provider()} sent a response of more than 2097152 bytes, the limit (maxResponseBytes); the rest was not read.`,
    );
  });

  it('a stream that keeps trickling text is stopped by responseTimeoutMs, although it is never idle', async () => {
    server.handle((_request, response) => {
      startSse(response);
      writeForever(response, TEXT_EVENT, 10);
    });
    const started = performance.now();
    const error = await failure(openai({ timeoutMs: 200, responseTimeoutMs: 600 }));

    expect(error.kind).toBe('timeout');
    expect(error.message).toBe(
      `${provider()} did not finish its response within 600 ms (responseTimeoutMs); it was stopped.`,
    );
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('endless keep-alive comments are stopped by responseTimeoutMs too', async () => {
    server.handle((_request, response) => {
      startSse(response);
      writeForever(response, ': keep-alive\n\n', 10);
    });
    const error = await failure(
      new AnthropicMessagesClient({
        baseUrl: server.url,
        model: 'c',
        maxRetries: 0,
        env: {},
        timeoutMs: 200,
        responseTimeoutMs: 500,
      }),
    );
    expect(error.message).toBe(
      `the Anthropic API at ${server.url} did not finish its response within 500 ms (responseTimeoutMs); it was stopped.`,
    );
  });

  it('a whole JSON body that trickles forever is stopped by the same deadline', async () => {
    server.handle((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"choices":[{"message":{"content":"');
      writeForever(response, 'a', 10);
    });
    const error = await failure(openai({ timeoutMs: 200, responseTimeoutMs: 500 }));
    expect(error.kind).toBe('timeout');
  });
});

describe('decompression bombs', () => {
  // Compresses to about 60 KB; fetch inflates it, so the cap counts what the client would hold.
  const events = TEXT_EVENT.repeat(Math.ceil((48 * 1024 * 1024) / TEXT_EVENT.length));
  const bomb = gzipSync(events, { level: 9 });

  it('a gzip-encoded event stream is cut off at maxResponseBytes (32 MiB) of inflated text', async () => {
    expect(bomb.length).toBeLessThan(1024 * 1024);
    server.handle((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'content-encoding': 'gzip' });
      response.end(bomb);
    });
    const error = await failure(openai());
    expect(error.message).toBe(
      `${provider()} sent a response of more than 33554432 bytes, the limit (maxResponseBytes); the rest was not read.`,
    );
  });

  it('a gzip-encoded JSON body is cut off the same way', async () => {
    const json = gzipSync(`{"choices":[{"message":{"content":"${'a'.repeat(12 * 1024 * 1024)}"}}]}`);
    server.handle((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      response.end(json);
    });
    const error = await failure(openai({ maxResponseBytes: 8 * 1024 * 1024 }));
    expect(error.message).toBe(
      `${provider()} sent a response of more than 8388608 bytes, the limit (maxResponseBytes); the rest was not read.`,
    );
  });
});

describe('the wrong content type', () => {
  it('an HTML page with status 200 fails as protocol, naming the content type and its start', async () => {
    server.handle((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html><body>\n  <h1>Welcome to nginx!</h1>\n</body></html>');
    });
    const error = await failure(openai());
    expect(error.kind).toBe('protocol');
    expect(error.message).toBe(
      `${provider()} answered with no events (content-type text/html), not an event stream: <html><body> <h1>Welcome to nginx!</h1> </body></html>`,
    );
  });

  it('an event stream labelled application/json is read as the stream it is', async () => {
    server.handle((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        sseFrame(chunk({ content: 'hello' })) +
          sseFrame(chunk({}, 'stop')) +
          sseFrame(usageChunk(2, 1)) +
          sseFrame('[DONE]'),
      );
    });
    const result = await collectModelResponse(openai().stream({ messages: [], tools: [] }));
    expect(result.text).toBe('hello');
    expect(result.usage).toEqual({ inputTokens: 2, outputTokens: 1, totalTokens: 3 });
  });

  it('an event stream with no content type at all still works', async () => {
    server.handle((_request, response) => {
      response.writeHead(200, {});
      response.end(sseFrame(chunk({ content: 'hi' }, 'stop')) + sseFrame('[DONE]'));
    });
    expect((await collectModelResponse(openai().stream({ messages: [], tools: [] }))).text).toBe('hi');
  });
});

describe('a stream cut in the middle of an event', () => {
  it('a chunk cut inside its JSON fails as protocol, quoting it', async () => {
    server.handle((_request, response) => {
      startSse(response);
      response.write(sseFrame(chunk({ content: 'par' })));
      response.end('data: {"choices":[{"delta":{"con');
    });
    const error = await failure(openai());
    expect(error.message).toBe(
      `${provider()} sent a stream chunk that is not a JSON object: {"choices":[{"delta":{"con`,
    );
  });

  it('a stream cut after a tool call began, before its end, fails as network and runs nothing', async () => {
    server.handle((_request, response) => {
      startSse(response);
      response.write(
        sseFrame(
          chunk({
            tool_calls: [{ index: 0, id: 'c', function: { name: 'write_note', arguments: '{"name":"a"' } }],
          }),
        ),
      );
      response.end();
    });
    const { tools, log } = notesTools();
    const result = await new Agent({ model: openai(), tools }).run('go');
    expect(result.stopReason).toBe('error');
    expect((result.error as ModelError).kind).toBe('network');
    expect(log.calls).toEqual([]);
  });

  it('a normal answer still streams under every limit (sanity)', async () => {
    server.handle((_request, response) => streamAnswer(response, { text: ['a', 'b'] }));
    expect((await collectModelResponse(openai().stream({ messages: [], tools: [] }))).text).toBe('ab');
  });
});

describe('limit options', () => {
  it('refuses a limit that is not a positive whole number', () => {
    expect(() => openai({ maxResponseBytes: 0 })).toThrow(
      'maxResponseBytes must be a positive whole number (or Infinity); got 0.',
    );
    expect(() => openai({ maxToolCalls: 1.5 })).toThrow(
      'maxToolCalls must be a positive whole number (or Infinity); got 1.5.',
    );
  });
});
