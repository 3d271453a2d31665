import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the server received: its path and parsed JSON body. */
export interface WireRequest {
  readonly path: string;
  readonly body: Record<string, unknown>;
}

/** What the test tells the server to answer for one request. */
export type WireReply = (request: WireRequest, index: number) => unknown;

/** A loopback HTTP server speaking OpenAI's wire format (Responses and chat completions), scripted by the test. */
export interface OpenAiWireServer {
  /** The base URL to give an OpenAI client (`http://127.0.0.1:<port>/v1`). */
  readonly baseURL: string;
  /** The requests since the last `script`. */
  readonly requests: WireRequest[];
  /** Answers the next requests with `replies[index]` (the last one repeats); forgets earlier requests. */
  script(replies: readonly WireReply[]): OpenAiWireServer;
  close(): Promise<void>;
}

/** Starts the server on 127.0.0.1 (one per test file: SDKs keep their default client). */
export async function startOpenAiWireServer(): Promise<OpenAiWireServer> {
  const requests: WireRequest[] = [];
  let replies: readonly WireReply[] = [];
  const server = createServer((incoming: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const request: WireRequest = {
        path: (incoming.url ?? '').replace(/^\/v1/, ''),
        body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>),
      };
      const index = requests.length;
      requests.push(request);
      const reply = replies[Math.min(index, replies.length - 1)];
      try {
        const body =
          reply === undefined ? { error: { message: 'no reply scripted' } } : reply(request, index);
        response.writeHead(reply === undefined ? 500 : 200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      } catch (error) {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: String(error) } }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const wire: OpenAiWireServer = {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    script(next: readonly WireReply[]): OpenAiWireServer {
      replies = next;
      requests.length = 0;
      return wire;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return wire;
}

const USAGE_RESPONSES = {
  input_tokens: 10,
  output_tokens: 5,
  total_tokens: 15,
  input_tokens_details: { cached_tokens: 0 },
  output_tokens_details: { reasoning_tokens: 0 },
};

/** A Responses API answer: one function call per entry. */
export function responsesToolCalls(...calls: { name: string; arguments: string; callId: string }[]): unknown {
  return {
    id: `resp_${calls[0]?.callId ?? 'x'}`,
    object: 'response',
    created_at: 0,
    status: 'completed',
    model: 'gpt-test',
    output: calls.map((call) => ({
      type: 'function_call',
      id: `fc_${call.callId}`,
      call_id: call.callId,
      name: call.name,
      arguments: call.arguments,
      status: 'completed',
    })),
    usage: USAGE_RESPONSES,
  };
}

/** A Responses API answer with one assistant message. */
export function responsesText(text: string): unknown {
  return {
    id: 'resp_text',
    object: 'response',
    created_at: 0,
    status: 'completed',
    model: 'gpt-test',
    output: [
      {
        type: 'message',
        id: 'msg_1',
        role: 'assistant',
        status: 'completed',
        content: [{ type: 'output_text', text, annotations: [] }],
      },
    ],
    usage: USAGE_RESPONSES,
  };
}

/** The tool outputs a Responses API request carries back, by call id. */
export function responsesToolOutputs(request: WireRequest): Record<string, unknown> {
  const input = Array.isArray(request.body['input'])
    ? (request.body['input'] as Record<string, unknown>[])
    : [];
  const outputs: Record<string, unknown> = {};
  for (const item of input)
    if (item['type'] === 'function_call_output') outputs[String(item['call_id'])] = item['output'];
  return outputs;
}

/** A chat-completions answer: one tool call per entry. */
export function chatToolCalls(...calls: { name: string; arguments: string; callId: string }[]): unknown {
  return {
    id: `chatcmpl_${calls.map((call) => call.callId).join('_')}`,
    object: 'chat.completion',
    created: 0,
    model: 'gpt-test',
    choices: [
      {
        index: 0,
        finish_reason: 'tool_calls',
        message: {
          role: 'assistant',
          content: null,
          tool_calls: calls.map((call) => ({
            id: call.callId,
            type: 'function',
            function: { name: call.name, arguments: call.arguments },
          })),
        },
      },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  };
}

/** A chat-completions answer with one assistant message. */
export function chatText(text: string): unknown {
  return {
    id: 'chatcmpl_2',
    object: 'chat.completion',
    created: 0,
    model: 'gpt-test',
    choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: text } }],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  };
}

/** The tool messages a chat-completions request carries back, by call id. */
export function chatToolOutputs(request: WireRequest): Record<string, unknown> {
  const messages = Array.isArray(request.body['messages'])
    ? (request.body['messages'] as Record<string, unknown>[])
    : [];
  const outputs: Record<string, unknown> = {};
  for (const message of messages)
    if (message['role'] === 'tool') outputs[String(message['tool_call_id'])] = message['content'];
  return outputs;
}
