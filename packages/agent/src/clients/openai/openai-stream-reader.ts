import { ModelError } from '../../model/model-error';
import type { FinishReason, ModelEvent } from '../../model/model-event';
import type { Usage } from '../../model/usage';
import type { ServerSentEvent } from '../http/server-sent-events';
import { DEFAULT_STREAM_LIMITS, type StreamLimits } from '../http/stream-limits';
import { argumentsTooLong, tooManyToolCalls, wireIndex } from '../stream-bounds';
import { numberField, objectField, readJsonObject, stringField } from '../read-json-object';

interface PartialCall {
  /** The call's position among this response's calls: the `index` of its model events. */
  readonly position: number;
  id: string;
  name: string;
  arguments: string;
  started: boolean;
}

/**
 * Chat Completions stream chunks → model events. Tool calls arrive as fragments keyed by
 * `delta.tool_calls[i].index` (id and name in the first, argument text spread over the rest);
 * each complete call is emitted after the last chunk, then `finish` with the usage of the final
 * chunk (`stream_options.include_usage`). A stream that stops before both `finish_reason` and
 * `[DONE]` was cut off, and fails as `network` (retryable).
 *
 * The server is not trusted: a wire index is a key in a map (never an array length), it must be
 * a whole number from 0 to `MAX_STREAM_INDEX`, the calls of one response are capped by
 * `maxToolCalls` and the argument text of each by `maxToolCallArgumentCharacters` — each
 * crossed bound fails as `protocol`, naming it. A fragment that carries a name and a new id at an
 * index already in use starts a new call (servers that send every call at index 0): calls are
 * never merged. Model events number the calls 0, 1, … in the order they began.
 */
export async function* readOpenAiStream(
  events: AsyncIterable<ServerSentEvent>,
  provider: string,
  limits: Pick<StreamLimits, 'maxToolCalls' | 'maxToolCallArgumentCharacters'> = DEFAULT_STREAM_LIMITS,
): AsyncGenerator<ModelEvent, void, undefined> {
  const open = new Map<number, PartialCall>();
  const calls: PartialCall[] = [];
  let finish: string | undefined;
  let usage: Usage | undefined;
  let done = false;
  for await (const event of events) {
    if (event.data === '[DONE]') {
      done = true;
      break;
    }
    const chunk = readJsonObject(event.data);
    if (chunk === undefined) {
      throw new ModelError(
        'protocol',
        `${provider} sent a stream chunk that is not a JSON object: ${event.data.slice(0, 200)}`,
      );
    }
    const error = chunk['error'];
    if (error !== undefined && error !== null) throw streamError(provider, error);
    const chunkUsage = objectField(chunk, 'usage');
    if (chunkUsage !== undefined) usage = readUsage(chunkUsage);
    const choices = chunk['choices'];
    const choice = Array.isArray(choices) ? (choices[0] as Record<string, unknown> | undefined) : undefined;
    if (typeof choice !== 'object' || choice === null) continue;
    const delta = objectField(choice, 'delta') ?? objectField(choice, 'message');
    const text = stringField(delta, 'content');
    if (text !== undefined && text !== '') yield { type: 'text-delta', text };
    const raw = delta?.['tool_calls'];
    // A lone call object where an array belongs is still a call, not nothing.
    const parts = Array.isArray(raw) ? raw : typeof raw === 'object' && raw !== null ? [raw] : undefined;
    if (parts !== undefined) {
      for (let position = 0; position < parts.length; position++) {
        const part = parts[position] as Record<string, unknown> | undefined;
        if (typeof part !== 'object' || part === null) continue;
        const index = wireIndex(provider, part['index'], position);
        const fn = objectField(part, 'function');
        const id = stringField(part, 'id') ?? '';
        const name = stringField(fn, 'name') ?? '';
        const fragment = fn?.['arguments'];
        // Some servers send the whole arguments object rather than its text.
        const piece =
          typeof fragment === 'string'
            ? fragment
            : fragment === undefined || fragment === null
              ? ''
              : JSON.stringify(fragment);
        let call = open.get(index);
        // A new id and a name where a call with another id is open: a new call, not more of the old one.
        if (call !== undefined && id !== '' && name !== '' && call.id !== '' && id !== call.id)
          call = undefined;
        if (call === undefined) {
          // A fragment with nothing in it opens nothing.
          if (id === '' && name === '' && piece === '') continue;
          if (calls.length >= limits.maxToolCalls) throw tooManyToolCalls(provider, limits.maxToolCalls);
          call = { position: calls.length, id: '', name: '', arguments: '', started: false };
          calls.push(call);
          open.set(index, call);
        }
        if (id !== '' && call.id === '') call.id = id;
        if (name !== '' && call.name === '') call.name = name;
        if (!call.started && call.name !== '') {
          call.started = true;
          yield { type: 'tool-call-start', index: call.position, id: call.id, name: call.name };
        }
        if (piece !== '') {
          if (call.arguments.length + piece.length > limits.maxToolCallArgumentCharacters)
            throw argumentsTooLong(provider, call.name, limits.maxToolCallArgumentCharacters);
          call.arguments += piece;
          yield { type: 'tool-call-delta', index: call.position, argumentsDelta: piece };
        }
      }
    }
    const reason = stringField(choice, 'finish_reason');
    if (reason !== undefined) finish = reason;
  }
  if (!done && finish === undefined) {
    throw new ModelError('network', `The connection to ${provider} closed before the response finished.`, {
      retryable: true,
    });
  }
  for (const call of calls) {
    yield {
      type: 'tool-call',
      index: call.position,
      id: call.id === '' ? `call_${call.position}` : call.id,
      name: call.name,
      arguments: call.arguments,
    };
  }
  yield { type: 'finish', finishReason: finishReason(finish), rawFinishReason: finish, usage };
}

/** A non-streaming `chat.completion` body (a server that ignored `stream: true`) as model events. */
export function* readOpenAiCompletion(
  body: string,
  provider: string,
  limits: Pick<StreamLimits, 'maxToolCalls' | 'maxToolCallArgumentCharacters'> = DEFAULT_STREAM_LIMITS,
): Generator<ModelEvent, void, undefined> {
  const completion = readJsonObject(body);
  if (completion === undefined)
    throw new ModelError('protocol', `${provider} sent a response that is not JSON.`);
  const error = completion['error'];
  if (error !== undefined && error !== null) throw streamError(provider, error);
  const choices = completion['choices'];
  const choice = Array.isArray(choices) ? (choices[0] as Record<string, unknown> | undefined) : undefined;
  const message = objectField(choice, 'message');
  const text = stringField(message, 'content');
  if (text !== undefined && text !== '') yield { type: 'text-delta', text };
  const calls = message?.['tool_calls'];
  if (Array.isArray(calls)) {
    if (calls.length > limits.maxToolCalls) throw tooManyToolCalls(provider, limits.maxToolCalls);
    for (let index = 0; index < calls.length; index++) {
      const entry: unknown = calls[index];
      const call =
        typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>) : undefined;
      const fn = objectField(call, 'function');
      const raw = fn?.['arguments'];
      const name = stringField(fn, 'name') ?? '';
      const text =
        typeof raw === 'string' ? raw : raw === undefined || raw === null ? '' : JSON.stringify(raw);
      if (text.length > limits.maxToolCallArgumentCharacters)
        throw argumentsTooLong(provider, name, limits.maxToolCallArgumentCharacters);
      // A malformed entry is still a call the model made: the loop reports it as invalid.
      yield {
        type: 'tool-call',
        index,
        id: stringField(call, 'id') || `call_${index}`,
        name,
        arguments: text,
      };
    }
  }
  const usage = objectField(completion, 'usage');
  const raw = stringField(choice, 'finish_reason');
  yield {
    type: 'finish',
    finishReason: finishReason(raw),
    rawFinishReason: raw,
    usage: usage === undefined ? undefined : readUsage(usage),
  };
}

/** An OpenAI-style error body: its message and code or type. */
export function describeOpenAiError(body: string): { message?: string; code?: string } {
  const parsed = readJsonObject(body);
  const error = parsed?.['error'];
  if (typeof error === 'string') return { message: error };
  const record = objectField(parsed, 'error') ?? parsed;
  return {
    message: stringField(record, 'message'),
    code: stringField(record, 'code') ?? stringField(record, 'type'),
  };
}

function streamError(provider: string, error: unknown): ModelError {
  const record = typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : undefined;
  const message = typeof error === 'string' ? error : (stringField(record, 'message') ?? 'unknown error');
  return new ModelError('http', `${provider} reported an error in the stream: ${message}`, {
    code: stringField(record, 'code') ?? stringField(record, 'type'),
  });
}

function readUsage(usage: Record<string, unknown>): Usage {
  const inputTokens = numberField(usage, 'prompt_tokens') ?? 0;
  const outputTokens = numberField(usage, 'completion_tokens') ?? 0;
  return {
    inputTokens,
    outputTokens,
    totalTokens: numberField(usage, 'total_tokens') ?? inputTokens + outputTokens,
  };
}

function finishReason(raw: string | undefined): FinishReason {
  switch (raw) {
    case 'stop':
      return 'stop';
    case 'tool_calls':
    case 'function_call':
      return 'tool_calls';
    case 'length':
      return 'length';
    case 'content_filter':
      return 'content_filter';
    default:
      return 'other';
  }
}
