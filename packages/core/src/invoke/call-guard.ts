import type { CallContext } from '../context/call-context';
import { formatDuration } from '../errors/format-duration';
import { ToolError } from '../errors/tool-error';
import { recordDetachedCall } from './detached-call-count';

/** How a guarded wait ended. */
export type GuardOutcome<T> =
  | { readonly kind: 'value'; readonly value: T }
  | { readonly kind: 'error'; readonly error: unknown }
  /** The call was stopped first; `detached` when the awaited work was still running. */
  | { readonly kind: 'stopped'; readonly detached: boolean };

/** Why a guarded call was stopped. */
export type StopReason = 'timeout' | 'cancelled';

/**
 * The enforcement half of cancellation (R11) for one call: a deadline timer and a watch on the
 * call's abort, raced against each piece of work the call awaits. When either fires, the wait
 * ends at once whatever the tool does; work still running is given `graceMs` to notice its
 * aborted signal, then counted as detached. Every awaited promise gets both handlers attached,
 * so a late rejection is never unhandled.
 */
export class CallGuard {
  #stop: StopReason | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #unsubscribe: (() => void) | undefined;
  #onStop: (() => void) | undefined;

  constructor(
    private readonly ctx: CallContext,
    private readonly toolName: string,
    private readonly timeoutMs: number | undefined,
    private readonly graceMs: number,
  ) {
    if (timeoutMs !== undefined) this.#timer = setTimeout(() => this.#halt('timeout'), timeoutMs);
    this.#unsubscribe = ctx.onAbort(() => this.#halt('cancelled'));
  }

  /** Why the call was stopped, or `undefined` while it runs. */
  get stop(): StopReason | undefined {
    return this.#stop;
  }

  /**
   * Waits for `pending` or a stop, whichever comes first. `afterLateSettle`, when given, is run
   * once if the stop came first: when `pending` finally settles, or when the grace period ends
   * (the call is then counted as detached) — it is where a concurrency slot is given back.
   */
  race<T>(pending: PromiseLike<T>, afterLateSettle?: () => void): Promise<GuardOutcome<T>> {
    return new Promise<GuardOutcome<T>>((resolve) => {
      let settled = false;
      let stoppedFirst = false;
      let lateDone = false;
      let graceTimer: ReturnType<typeof setTimeout> | undefined;
      const late = (): void => {
        if (lateDone) return;
        lateDone = true;
        if (graceTimer !== undefined) clearTimeout(graceTimer);
        afterLateSettle?.();
      };
      const onStop = (): void => {
        if (settled) return;
        stoppedFirst = true;
        resolve({ kind: 'stopped', detached: afterLateSettle !== undefined });
        if (afterLateSettle === undefined) return;
        graceTimer = setTimeout(() => {
          if (settled) return;
          recordDetachedCall();
          late();
        }, this.graceMs);
        // A tool that never settles must not keep the process alive.
        graceTimer.unref?.();
      };
      const onSettle = (outcome: GuardOutcome<T>): void => {
        if (settled) return;
        settled = true;
        if (this.#onStop === onStop) this.#onStop = undefined;
        if (stoppedFirst) late();
        else resolve(outcome);
      };
      Promise.resolve(pending).then(
        (value) => onSettle({ kind: 'value', value }),
        (error: unknown) => onSettle({ kind: 'error', error }),
      );
      if (this.#stop !== undefined) onStop();
      else this.#onStop = onStop;
    });
  }

  /** The error a stopped call ends with. */
  stopError(): ToolError {
    if (this.#stop === 'timeout') {
      return ToolError.timeout(
        `${this.toolName} did not finish within ${formatDuration(this.timeoutMs ?? 0)} and was stopped. Try again, or ask for less work in one call.`,
        { toolName: this.toolName, details: { timeoutMs: this.timeoutMs } },
      );
    }
    return ToolError.cancelled(undefined, { toolName: this.toolName });
  }

  /** Stops the deadline and the abort watch (grace periods already running continue). */
  dispose(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    this.#onStop = undefined;
  }

  #halt(reason: StopReason): void {
    if (this.#stop !== undefined) return;
    this.#stop = reason;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    // The tool's signal fires for a timeout too, so a cooperative tool stops its work.
    if (reason === 'timeout') this.ctx.abort(this.stopError());
    const onStop = this.#onStop;
    this.#onStop = undefined;
    onStop?.();
  }
}
