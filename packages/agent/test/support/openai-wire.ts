import type { ServerResponse } from 'node:http';
import { sseFrame, startSse } from './loopback-server';

/** A `chat.completion.chunk` with one choice. */
export function chunk(
  delta: Record<string, unknown>,
  finishReason: string | null = null,
): Record<string, unknown> {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'test-model',
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  };
}

/** The usage-only final chunk (`stream_options.include_usage`). */
export function usageChunk(prompt: number, completion: number): Record<string, unknown> {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'test-model',
    choices: [],
    usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
  };
}

/** A tool call streamed as OpenAI does: id and name first, the arguments in `pieces`. */
export function toolCallChunks(
  index: number,
  id: string,
  name: string,
  pieces: readonly string[],
): Record<string, unknown>[] {
  const first = chunk({
    role: 'assistant',
    content: null,
    tool_calls: [{ index, id, type: 'function', function: { name, arguments: '' } }],
  });
  return [
    first,
    ...pieces.map((piece) => chunk({ tool_calls: [{ index, function: { arguments: piece } }] })),
  ];
}

/** Streams a whole answer: text pieces, then tool calls, then finish, usage and `[DONE]`. */
export function streamAnswer(
  response: ServerResponse,
  answer: {
    text?: readonly string[];
    calls?: readonly { id: string; name: string; pieces: readonly string[] }[];
    usage?: [number, number];
  },
): void {
  startSse(response);
  for (const piece of answer.text ?? []) response.write(sseFrame(chunk({ content: piece })));
  (answer.calls ?? []).forEach((call, index) => {
    for (const frame of toolCallChunks(index, call.id, call.name, call.pieces))
      response.write(sseFrame(frame));
  });
  response.write(sseFrame(chunk({}, (answer.calls ?? []).length > 0 ? 'tool_calls' : 'stop')));
  const [prompt, completion] = answer.usage ?? [10, 5];
  response.write(sseFrame(usageChunk(prompt, completion)));
  response.write(sseFrame('[DONE]'));
  response.end();
}
