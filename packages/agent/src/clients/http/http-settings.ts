/** Transport options shared by the HTTP model clients. */
export interface HttpClientOptions {
  /** Longest wait for the response headers, and for the next chunk of a streaming body (default 60 000 ms). */
  readonly timeoutMs?: number;
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
