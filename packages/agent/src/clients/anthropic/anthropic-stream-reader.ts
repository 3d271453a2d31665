import { ModelError } from '../../model/model-error';
import type { FinishReason, ModelEvent, ToolCallEvent } from '../../model/model-event';
import type { Usage } from '../../model/usage';
import type { ServerSentEvent } from '../http/server-sent-events';
import { DEFAULT_STREAM_LIMITS, type StreamLimits } from '../http/stream-limits';
import { argumentsTooLong, tooManyToolCalls, wireIndex } from '../stream-bounds';
import { numberField, objectField, readJsonObject, stringField } from '../read-json-object';

interface ToolBlock {
  readonly index: number;
  readonly id: string;
  readonly name: string;
  readonly initialInput: unknown;
  json: string;
}

/**
 * Messages API stream events → model events: `text_delta`s become text, a `tool_use` block
 * (`content_block_start` … `input_json_delta.partial_json` … `content_block_stop`) one tool call,
 * `message_delta` carries the stop reason and output usage. An `error` event fails the stream; a
 * stream that ends before `message_stop` was cut off and fails as `network` (retryable).
 *
 * The server is not trusted: block indexes are map keys and must be whole numbers from 0 to
 * `MAX_STREAM_INDEX`; a block started on an index still open, or input for a block that is not
 * open, fails as `protocol` (a call is never replaced or fed another's input); the tool calls of
 * one response are capped by `maxToolCalls` and each one's input by `maxToolCallArgumentCharacters`.
 */
export async function* readAnthropicStream(
  events: AsyncIterable<ServerSentEvent>,
  provider: string,
  limits: Pick<StreamLimits, 'maxToolCalls' | 'maxToolCallArgumentCharacters'> = DEFAULT_STREAM_LIMITS,
): AsyncGenerator<ModelEvent, void, undefined> {
  // Every block open now (text, thinking and server-tool blocks too), and the tool_use ones among them.
  const openBlocks = new Set<number>();
  const tools = new Map<number, ToolBlock>();
  const finished: ToolBlock[] = [];
  let stopReason: string | undefined;
  let inputTokens = 0;
  let outputTokens = 0;
  let stopped = false;
  for await (const event of events) {
    const data = readJsonObject(event.data);
    if (data === undefined) {
      throw new ModelError(
        'protocol',
        `${provider} sent a stream event that is not a JSON object: ${event.data.slice(0, 200)}`,
      );
    }
    const type = stringField(data, 'type') ?? event.event;
    if (type === 'message_start') {
      const usage = objectField(objectField(data, 'message'), 'usage');
      inputTokens = numberField(usage, 'input_tokens') ?? inputTokens;
      outputTokens = numberField(usage, 'output_tokens') ?? outputTokens;
    } else if (type === 'content_block_start') {
      const index = blockIndex(provider, data, type);
      if (openBlocks.has(index)) {
        throw new ModelError(
          'protocol',
          `${provider} started content block ${index} while block ${index} was still open.`,
        );
      }
      openBlocks.add(index);
      const block = objectField(data, 'content_block');
      const blockType = stringField(block, 'type');
      if (blockType === 'text') {
        const text = stringField(block, 'text');
        if (text !== undefined && text !== '') yield { type: 'text-delta', text };
      } else if (blockType === 'tool_use') {
        if (tools.size + finished.length >= limits.maxToolCalls)
          throw tooManyToolCalls(provider, limits.maxToolCalls);
        const tool: ToolBlock = {
          index: tools.size + finished.length,
          id: stringField(block, 'id') ?? `toolu_${index}`,
          name: stringField(block, 'name') ?? '',
          initialInput: block?.['input'],
          json: '',
        };
        tools.set(index, tool);
        yield { type: 'tool-call-start', index: tool.index, id: tool.id, name: tool.name };
      }
    } else if (type === 'content_block_delta') {
      const delta = objectField(data, 'delta');
      const deltaType = stringField(delta, 'type');
      if (deltaType === 'text_delta') {
        const text = stringField(delta, 'text');
        if (text !== undefined && text !== '') yield { type: 'text-delta', text };
      } else if (deltaType === 'input_json_delta') {
        const index = blockIndex(provider, data, type);
        if (!openBlocks.has(index)) {
          throw new ModelError(
            'protocol',
            `${provider} sent tool input for content block ${index}, which is not open.`,
          );
        }
        // Input for an open block that is not a tool_use (a server tool's) is not a call of ours.
        const tool = tools.get(index);
        const piece = stringField(delta, 'partial_json');
        if (tool !== undefined && piece !== undefined && piece !== '') {
          if (tool.json.length + piece.length > limits.maxToolCallArgumentCharacters)
            throw argumentsTooLong(provider, tool.name, limits.maxToolCallArgumentCharacters);
          tool.json += piece;
          yield { type: 'tool-call-delta', index: tool.index, argumentsDelta: piece };
        }
      }
    } else if (type === 'content_block_stop') {
      const index = blockIndex(provider, data, type);
      openBlocks.delete(index);
      const tool = tools.get(index);
      if (tool !== undefined) {
        tools.delete(index);
        finished.push(tool);
      }
    } else if (type === 'message_delta') {
      stopReason = stringField(objectField(data, 'delta'), 'stop_reason') ?? stopReason;
      const usage = objectField(data, 'usage');
      outputTokens = numberField(usage, 'output_tokens') ?? outputTokens;
      // Some gateways report input tokens only here (0 in message_start).
      const input = numberField(usage, 'input_tokens');
      if (input !== undefined && input > 0) inputTokens = input;
    } else if (type === 'message_stop') {
      stopped = true;
      break;
    } else if (type === 'error') {
      throw anthropicStreamError(provider, objectField(data, 'error'));
    }
  }
  if (!stopped) {
    throw new ModelError('network', `The connection to ${provider} closed before the response finished.`, {
      retryable: true,
    });
  }
  // A block left open at message_stop is still a call the model made.
  for (const tool of tools.values()) finished.push(tool);
  for (const tool of finished) {
    const call = toolCallEvent(tool);
    // Input given whole in content_block_start bypassed the per-delta check.
    if (call.arguments.length > limits.maxToolCallArgumentCharacters)
      throw argumentsTooLong(provider, call.name, limits.maxToolCallArgumentCharacters);
    yield call;
  }
  const usage: Usage = { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens };
  yield { type: 'finish', finishReason: finishReason(stopReason), rawFinishReason: stopReason, usage };
}

/** A non-streaming `message` body as model events. */
export function* readAnthropicMessage(
  body: string,
  provider: string,
  limits: Pick<StreamLimits, 'maxToolCalls' | 'maxToolCallArgumentCharacters'> = DEFAULT_STREAM_LIMITS,
): Generator<ModelEvent, void, undefined> {
  const message = readJsonObject(body);
  if (message === undefined)
    throw new ModelError('protocol', `${provider} sent a response that is not JSON.`);
  if (stringField(message, 'type') === 'error')
    throw anthropicStreamError(provider, objectField(message, 'error'));
  const content = message['content'];
  let index = 0;
  if (Array.isArray(content)) {
    for (const entry of content as unknown[]) {
      const block =
        typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>) : undefined;
      const type = stringField(block, 'type');
      if (type === 'text') {
        const text = stringField(block, 'text');
        if (text !== undefined && text !== '') yield { type: 'text-delta', text };
      } else if (type === 'tool_use') {
        if (index >= limits.maxToolCalls) throw tooManyToolCalls(provider, limits.maxToolCalls);
        const call = toolCallEvent({
          index,
          id: stringField(block, 'id') || `toolu_${index}`,
          name: stringField(block, 'name') ?? '',
          initialInput: block?.['input'],
          json: '',
        });
        index++;
        if (call.arguments.length > limits.maxToolCallArgumentCharacters)
          throw argumentsTooLong(provider, call.name, limits.maxToolCallArgumentCharacters);
        yield call;
      }
    }
  }
  const usage = objectField(message, 'usage');
  const inputTokens = numberField(usage, 'input_tokens') ?? 0;
  const outputTokens = numberField(usage, 'output_tokens') ?? 0;
  const raw = stringField(message, 'stop_reason');
  yield {
    type: 'finish',
    finishReason: finishReason(raw),
    rawFinishReason: raw,
    usage: { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens },
  };
}

/** An Anthropic error body: its message and error type. */
export function describeAnthropicError(body: string): { message?: string; code?: string } {
  const parsed = readJsonObject(body);
  const error = objectField(parsed, 'error') ?? parsed;
  return { message: stringField(error, 'message'), code: stringField(error, 'type') };
}

// Anthropic numbers every content block; the index is required.
function blockIndex(provider: string, data: Record<string, unknown>, type: string): number {
  if (data['index'] === undefined || data['index'] === null)
    throw new ModelError('protocol', `${provider} sent ${type} without a block index.`);
  return wireIndex(provider, data['index'], 0, `${type} for a content block`);
}

function toolCallEvent(tool: ToolBlock): ToolCallEvent {
  const json = tool.json !== '' ? tool.json : JSON.stringify(tool.initialInput ?? {});
  return { type: 'tool-call', index: tool.index, id: tool.id, name: tool.name, arguments: json };
}

function anthropicStreamError(provider: string, error: Record<string, unknown> | undefined): ModelError {
  const code = stringField(error, 'type');
  return new ModelError(
    'http',
    `${provider} reported an error in the stream: ${stringField(error, 'message') ?? code ?? 'unknown error'}`,
    {
      code,
      retryable: code === 'overloaded_error' || code === 'api_error' || code === 'rate_limit_error',
    },
  );
}

function finishReason(raw: string | undefined): FinishReason {
  switch (raw) {
    case 'end_turn':
    case 'stop_sequence':
      return 'stop';
    case 'tool_use':
      return 'tool_calls';
    case 'max_tokens':
      return 'length';
    case 'refusal':
      return 'content_filter';
    default:
      return 'other';
  }
}
