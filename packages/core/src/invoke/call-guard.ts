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

// Captured at load, so fake timers installed later do not hold back a guard's abort watch.
const runSoon: (run: () => void) => void =
  typeof setImmediate === 'function'
    ? (run) => {
        setImmediate(run);
      }
    : (run) => {
        setTimeout(run, 0);
      };

// Guards whose abort watch starts at the next turn of the event loop, one batch per turn. Calls
// that never yield to the event loop (an in-memory transport, a loop of fast calls) would pile up
// here, so disposed guards are swept out whenever the list doubles.
let unwatched: CallGuard[] = [];
let sweepAt = 64;
let watchScheduled = false;

function watchLater(guard: CallGuard): void {
  unwatched.push(guard);
  if (unwatched.length >= sweepAt) {
    unwatched = unwatched.filter((waiting) => !waiting.disposed);
    sweepAt = Math.max(64, unwatched.length * 2);
  }
  if (watchScheduled) return;
  watchScheduled = true;
  runSoon(() => {
    watchScheduled = false;
    const batch = unwatched;
    unwatched = [];
    sweepAt = 64;
    for (const waiting of batch) waiting.watch();
  });
}

/**
 * The enforcement half of cancellation (R11) for one call: a deadline timer and a watch on the
 * call's abort, raced against each piece of work the call awaits. When either fires, the wait
 * ends at once whatever the tool does; work still running is given `graceMs` to notice its
 * aborted signal, then counted as detached. Every awaited promise gets both handlers attached,
 * so a late rejection is never unhandled.
 *
 * The abort watch starts at the next turn of the event loop, not at once: an abort can only come
 * from outside the call's own synchronous and microtask work (a host's event, a timer, a
 * message), and most calls finish within that work, so they never pay for subscribing to the
 * host's signal (an `EventTarget` listener costs more than a fast call). An abort that happened
 * meanwhile is seen when the watch starts, which checks the signal first.
 */
export class CallGuard {
  #stop: StopReason | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #unsubscribe: (() => void) | undefined;
  #onStop: (() => void) | undefined;
  #disposed = false;

  constructor(
    private readonly ctx: CallContext,
    private readonly toolName: string,
    private readonly timeoutMs: number | undefined,
    private readonly graceMs: number,
  ) {
    if (timeoutMs !== undefined) this.#timer = setTimeout(() => this.#halt('timeout'), timeoutMs);
    // The runner checked for an abort just before (and refused the call if there was one); the
    // watch checks again when it starts.
    watchLater(this);
  }

  /** Starts watching the call's abort (see the class comment); nothing once disposed or stopped. */
  watch(): void {
    if (this.#disposed || this.#stop !== undefined) return;
    this.#unsubscribe = this.ctx.onAbort(() => this.#halt('cancelled'));
  }

  /** Whether `dispose` was called. */
  get disposed(): boolean {
    return this.#disposed;
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
    this.#disposed = true;
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
