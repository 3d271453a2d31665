import { ModelError } from '../../model/model-error';
import { DEFAULT_STREAM_LIMITS, type StreamLimits } from './stream-limits';

/** Transport options shared by the HTTP model clients. */
export interface HttpClientOptions extends Partial<StreamLimits> {
  /** Longest wait for the response headers, and for the next chunk of a streaming body (default 60 000 ms). */
  readonly timeoutMs?: number;
  /**
   * Longest one attempt may take from sending the request to the end of the response, however
   * steadily the server keeps sending (default 600 000 ms: ten minutes).
   */
  readonly responseTimeoutMs?: number;
  /** Retries after a 408, 409, 429 or 5xx answer, a timeout or a connection failure before the response (default 2). */
  readonly maxRetries?: number;
  /** First backoff delay; doubles with each retry, with up to 25 % jitter (default 500 ms). */
  readonly retryBaseDelayMs?: number;
  /** Cap of the computed backoff (default 8 000 ms). */
  readonly retryMaxDelayMs?: number;
  /**
   * Longest `retry-after` / `retry-after-ms` the client waits (default 60 000 ms); a server asking for
   * more gets no retry: the `ModelError` carries `retryAfterMs` for the host to decide.
   */
  readonly maxRetryAfterMs?: number;
  /** Extra request headers. */
  readonly headers?: Readonly<Record<string, string>>;
  /** The fetch to use (default the global one). */
  readonly fetch?: typeof fetch;
  /** Where to read defaults from (default `process.env`). */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/** Resolved transport settings. */
export interface HttpSettings {
  readonly provider: string;
  readonly fetch: typeof fetch;
  readonly timeoutMs: number;
  readonly responseTimeoutMs: number;
  readonly limits: StreamLimits;
  readonly maxRetries: number;
  readonly retryBaseDelayMs: number;
  readonly retryMaxDelayMs: number;
  readonly maxRetryAfterMs: number;
  /** The provider's error message and code from an error body. */
  readonly describeError: (body: string) => { readonly message?: string; readonly code?: string };
}

/** Fills in the transport defaults. */
export function httpSettings(
  provider: string,
  options: HttpClientOptions,
  describeError: HttpSettings['describeError'],
): HttpSettings {
  return {
    provider,
    fetch: options.fetch ?? ((input, init) => fetch(input, init)),
    timeoutMs: positive(options.timeoutMs, 60_000),
    responseTimeoutMs: positive(options.responseTimeoutMs, 600_000),
    limits: {
      maxResponseBytes: limit(options.maxResponseBytes, 'maxResponseBytes'),
      maxLineCharacters: limit(options.maxLineCharacters, 'maxLineCharacters'),
      maxEventCharacters: limit(options.maxEventCharacters, 'maxEventCharacters'),
      maxToolCalls: limit(options.maxToolCalls, 'maxToolCalls'),
      maxToolCallArgumentCharacters: limit(
        options.maxToolCallArgumentCharacters,
        'maxToolCallArgumentCharacters',
      ),
    },
    maxRetries: Math.max(0, Math.floor(options.maxRetries ?? 2)),
    retryBaseDelayMs: positive(options.retryBaseDelayMs, 500),
    retryMaxDelayMs: positive(options.retryMaxDelayMs, 8_000),
    maxRetryAfterMs: positive(options.maxRetryAfterMs, 60_000),
    describeError,
  };
}

function positive(value: number | undefined, fallback: number): number {
  return value !== undefined && value >= 0 ? value : fallback;
}

function limit(value: number | undefined, name: keyof StreamLimits): number {
  if (value === undefined) return DEFAULT_STREAM_LIMITS[name];
  if (!(Number.isInteger(value) && value > 0) && value !== Infinity) {
    throw new ModelError(
      'configuration',
      `${name} must be a positive whole number (or Infinity); got ${value}.`,
    );
  }
  return value;
}
