import { context, SpanKind, SpanStatusCode, trace, type Histogram, type Span } from '@opentelemetry/api';
import { ATTRIBUTES, METRICS } from './attributes';
import { meterOf, tracerOf, type TelemetryProviders } from './providers';

/** Options of `tracedModelClient`. */
export interface TracedModelClientOptions extends TelemetryProviders {
  /** `gen_ai.request.model` (default: the client's own `model`, when it has one). */
  readonly model?: string;
  /** `gen_ai.provider.name` (`openai`, `anthropic`, …); not recorded when absent. */
  readonly provider?: string;
}

/**
 * The agent's model client with a GenAI `chat {gen_ai.request.model}` span around every request:
 * `gen_ai.operation.name` `chat`, `gen_ai.request.model`, the finish reason and token usage from
 * the response's `finish` event, `error.type` when the request fails; and the
 * `gen_ai.client.operation.duration` and `gen_ai.client.token.usage` metrics. The span starts
 * under the span current where the agent asks the model, so an agent run inside a span of the
 * host's has its model requests and tool calls side by side under it.
 */
export function tracedModelClient<
  Format extends string,
  Request extends { readonly signal?: AbortSignal },
  Event,
>(
  client: { readonly format: Format; stream(request: Request): AsyncIterable<Event> },
  options: TracedModelClientOptions = {},
): { readonly format: Format; stream(request: Request): AsyncIterable<Event> } {
  const tracer = tracerOf(options);
  const meter = meterOf(options);
  const duration = meter.createHistogram(METRICS.GEN_AI_CLIENT_OPERATION_DURATION, {
    unit: 's',
    description: 'The duration of model requests.',
  });
  const tokens = meter.createHistogram(METRICS.GEN_AI_CLIENT_TOKEN_USAGE, {
    unit: '{token}',
    description: 'The tokens a model request used.',
  });
  const model = options.model ?? modelOf(client);
  const base: Record<string, string> = { [ATTRIBUTES.GEN_AI_OPERATION_NAME]: 'chat' };
  if (model !== undefined) base[ATTRIBUTES.GEN_AI_REQUEST_MODEL] = model;
  if (options.provider !== undefined) base[ATTRIBUTES.GEN_AI_PROVIDER_NAME] = options.provider;
  const name = model === undefined ? 'chat' : `chat ${model}`;
  return {
    format: client.format,
    stream: (request: Request): AsyncIterable<Event> => ({
      [Symbol.asyncIterator]: () => {
        const span = tracer.startSpan(name, { kind: SpanKind.CLIENT, attributes: base }, context.active());
        const startedAt = performance.now();
        const source = context.with(trace.setSpan(context.active(), span), () =>
          client.stream(request)[Symbol.asyncIterator](),
        );
        return watched(
          source,
          span,
          (errorType) => {
            const attributes: Record<string, string> = { ...base };
            if (errorType !== undefined) attributes[ATTRIBUTES.ERROR_TYPE] = errorType;
            duration.record((performance.now() - startedAt) / 1000, attributes);
          },
          tokens,
          base,
        );
      },
    }),
  };
}

// Passes the events on, reading the finish event's usage, and ends the span once: at the end of
// the stream, at its failure, or when the consumer stops early.
function watched<Event>(
  source: AsyncIterator<Event>,
  span: Span,
  recordDuration: (errorType: string | undefined) => void,
  tokens: Histogram,
  base: Record<string, string>,
): AsyncIterator<Event> {
  let ended = false;
  const end = (errorType?: string, message?: string): void => {
    if (ended) return;
    ended = true;
    if (errorType !== undefined) {
      span.setAttribute(ATTRIBUTES.ERROR_TYPE, errorType);
      span.setStatus({ code: SpanStatusCode.ERROR, message });
    }
    span.end();
    recordDuration(errorType);
  };
  const read = (event: Event): void => {
    const finish = event as { type?: unknown; finishReason?: unknown; usage?: unknown };
    if (finish?.type !== 'finish') return;
    if (typeof finish.finishReason === 'string')
      span.setAttribute(ATTRIBUTES.GEN_AI_RESPONSE_FINISH_REASONS, [finish.finishReason]);
    const usage = finish.usage as { inputTokens?: unknown; outputTokens?: unknown } | undefined;
    for (const [key, type, value] of [
      [ATTRIBUTES.GEN_AI_USAGE_INPUT_TOKENS, 'input', usage?.inputTokens],
      [ATTRIBUTES.GEN_AI_USAGE_OUTPUT_TOKENS, 'output', usage?.outputTokens],
    ] as const) {
      if (typeof value !== 'number' || !Number.isFinite(value)) continue;
      span.setAttribute(key, value);
      tokens.record(value, { ...base, [ATTRIBUTES.GEN_AI_TOKEN_TYPE]: type });
    }
  };
  return {
    next: async () => {
      let step: IteratorResult<Event>;
      try {
        step = await source.next();
      } catch (thrown) {
        end(errorTypeOf(thrown), messageOf(thrown));
        throw thrown;
      }
      if (step.done === true) end();
      else {
        try {
          read(step.value);
        } catch {
          // Telemetry never breaks a request.
        }
      }
      return step;
    },
    return: async (value?: unknown) => {
      end();
      return (await source.return?.(value)) ?? { done: true, value: undefined };
    },
  };
}

// A model error by its kind (`ModelError` has one), anything else by its class name.
function errorTypeOf(thrown: unknown): string {
  if (typeof thrown === 'object' && thrown !== null) {
    const kind = (thrown as { kind?: unknown }).kind;
    if (typeof kind === 'string' && kind !== '') return kind;
    const name = (thrown as { name?: unknown }).name;
    if (typeof name === 'string' && name !== '') return name;
  }
  return '_OTHER';
}

function messageOf(thrown: unknown): string | undefined {
  return thrown instanceof Error ? thrown.message : undefined;
}

function modelOf(client: object): string | undefined {
  try {
    const model = (client as { model?: unknown }).model;
    return typeof model === 'string' && model !== '' ? model : undefined;
  } catch {
    return undefined;
  }
}
