import { ModelError } from '../../model/model-error';

type StopReason = 'timeout' | 'deadline' | 'cancelled';

/**
 * Aborts one HTTP attempt when the caller's signal fires, when the server goes quiet for
 * `timeoutMs` (before the headers, and between chunks of a streaming body), or when the whole
 * attempt outlasts `responseTimeoutMs` (a server that never stops sending), and says which it was.
 */
export class RequestWatchdog {
  readonly #controller = new AbortController();
  readonly #timeoutMs: number;
  readonly #responseTimeoutMs: number;
  readonly #signal: AbortSignal | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #deadline: ReturnType<typeof setTimeout> | undefined;
  #stopped: StopReason | undefined;
  readonly #onAbort = (): void => this.#stop('cancelled');

  constructor(timeoutMs: number, signal: AbortSignal | undefined, responseTimeoutMs = Infinity) {
    this.#timeoutMs = timeoutMs;
    this.#responseTimeoutMs = responseTimeoutMs;
    this.#signal = signal;
    if (signal?.aborted === true) this.#stop('cancelled');
    else signal?.addEventListener('abort', this.#onAbort, { once: true });
    if (this.#stopped === undefined && Number.isFinite(responseTimeoutMs)) {
      this.#deadline = setTimeout(() => this.#stop('deadline'), responseTimeoutMs);
      // The open connection keeps the process alive; a stream a consumer abandoned need not.
      this.#deadline.unref();
    }
    this.arm();
  }

  /** The signal to hand to `fetch`. */
  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /** Why the attempt was stopped, if it was. */
  get stopped(): StopReason | undefined {
    return this.#stopped;
  }

  /** Restarts the idle deadline (on every chunk received). */
  arm(): void {
    if (this.#stopped !== undefined || !Number.isFinite(this.#timeoutMs)) return;
    // refresh() restarts the same timer: cheaper than a new one on every chunk.
    if (this.#timer !== undefined) this.#timer.refresh();
    else this.#timer = setTimeout(() => this.#stop('timeout'), this.#timeoutMs);
  }

  /** Aborts the attempt's connection (its body is no longer read); no failure is recorded. */
  close(): void {
    if (!this.#controller.signal.aborted) this.#controller.abort();
  }

  /** Stops the deadline and the watch on the caller's signal. */
  dispose(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    if (this.#deadline !== undefined) clearTimeout(this.#deadline);
    this.#timer = undefined;
    this.#deadline = undefined;
    this.#signal?.removeEventListener('abort', this.#onAbort);
  }

  /** The `ModelError` for a failure of this attempt: cancelled, timed out, or a network failure. */
  failure(provider: string, thrown: unknown, phase: 'connect' | 'stream'): ModelError {
    if (this.#stopped === 'cancelled') {
      return new ModelError('cancelled', `The request to ${provider} was cancelled.`, { cause: thrown });
    }
    if (this.#stopped === 'deadline') {
      return new ModelError(
        'timeout',
        `${provider} did not finish its response within ${this.#responseTimeoutMs} ms (responseTimeoutMs); it was stopped.`,
        { retryable: true, cause: thrown },
      );
    }
    if (this.#stopped === 'timeout') {
      return new ModelError(
        'timeout',
        phase === 'connect'
          ? `${provider} did not answer within ${this.#timeoutMs} ms.`
          : `${provider} sent nothing for ${this.#timeoutMs} ms in the middle of a response.`,
        { retryable: true, cause: thrown },
      );
    }
    return new ModelError(
      'network',
      phase === 'connect'
        ? `Could not reach ${provider}: ${describe(thrown)}.`
        : `The connection to ${provider} closed before the response finished: ${describe(thrown)}.`,
      { retryable: true, cause: thrown },
    );
  }

  #stop(reason: StopReason): void {
    if (this.#stopped !== undefined) return;
    this.#stopped = reason;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    if (this.#deadline !== undefined) clearTimeout(this.#deadline);
    this.#timer = undefined;
    this.#deadline = undefined;
    this.#controller.abort();
  }
}

function describe(thrown: unknown): string {
  const cause = (thrown as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  if (typeof cause?.code === 'string') return cause.code;
  if (typeof cause?.message === 'string') return cause.message;
  return thrown instanceof Error ? thrown.message : String(thrown);
}
