import { brandErrorClass, hasErrorBrand } from '@toolwright/core/internal';

/** What kind of failure a model request met. */
export type ModelErrorKind =
  'http' | 'network' | 'timeout' | 'cancelled' | 'protocol' | 'configuration' | 'script';

/** Options of `new ModelError`. */
export interface ModelErrorOptions {
  readonly status?: number;
  /** Whether sending the same request again later may succeed. */
  readonly retryable?: boolean;
  /** How long the server asked to wait, when it said. */
  readonly retryAfterMs?: number;
  /** The provider's error type or code (`rate_limit_error`, `invalid_api_key`, …). */
  readonly code?: string;
  /** How many attempts were made, retries included. */
  readonly attempts?: number;
  readonly cause?: unknown;
}

/**
 * A failed model request. Host-facing: the message names the server's answer (status, provider
 * message), never the API key. The agent ends the run with `stopReason: 'error'` and keeps it in `result.error`.
 */
export class ModelError extends Error {
  readonly kind: ModelErrorKind;
  readonly status?: number;
  readonly retryable: boolean;
  readonly retryAfterMs?: number;
  readonly code?: string;
  readonly attempts?: number;

  constructor(kind: ModelErrorKind, message: string, options: ModelErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.kind = kind;
    this.retryable = options.retryable ?? false;
    if (options.status !== undefined) this.status = options.status;
    if (options.retryAfterMs !== undefined) this.retryAfterMs = options.retryAfterMs;
    if (options.code !== undefined) this.code = options.code;
    if (options.attempts !== undefined) this.attempts = options.attempts;
  }

  /** Whether a value is a `ModelError` from any installed copy of this package. */
  static is(value: unknown): value is ModelError {
    return hasErrorBrand(value, BRAND);
  }
}

const BRAND = brandErrorClass(ModelError, 'ModelError');
