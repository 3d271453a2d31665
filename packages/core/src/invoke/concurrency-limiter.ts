/** Limits of a `ConcurrencyLimiter`. */
export interface ConcurrencyLimiterOptions {
  /** Calls allowed to run at once (a positive integer). */
  readonly maxConcurrent: number;
  /** Calls allowed to wait for a slot (default 0: overflow fails at once). */
  readonly maxQueue?: number;
}

/** The answer of `ConcurrencyLimiter.acquire`. */
export type ConcurrencyGrant =
  /** A slot is yours; call `release` exactly when the work ends (extra calls are ignored). */
  | { readonly status: 'granted'; readonly release: () => void }
  /** Waiting in line: `granted` resolves with the release once a slot frees; `cancel` leaves the line. */
  | { readonly status: 'queued'; readonly granted: Promise<() => void>; readonly cancel: () => void }
  /** Every slot and queue place is taken: fail fast, and suggest retrying after `retryAfterMs`. */
  | { readonly status: 'full'; readonly retryAfterMs: number };

interface Waiter {
  state: 'waiting' | 'granted' | 'cancelled';
  resolve: (release: () => void) => void;
  release?: () => void;
}

// A retry hint is a guess; these keep it within what a model (or a host) can act on.
const MIN_RETRY_HINT_MS = 50;
const MAX_RETRY_HINT_MS = 60_000;
// Weight of the newest hold time in the running average.
const SMOOTHING = 0.2;

/**
 * Bounds how many calls run at once, with a bounded FIFO queue; a call that finds both full is
 * refused at once (R12) with a retry hint derived from how long calls have been holding slots.
 * One limiter per tool (`limits.concurrency`) and, optionally, one for a whole `ToolSet`.
 */
export class ConcurrencyLimiter {
  readonly maxConcurrent: number;
  readonly maxQueue: number;
  #active = 0;
  #waiting = 0;
  #queue: Waiter[] = [];
  #head = 0;
  #averageHoldMs = 0;

  constructor(options: ConcurrencyLimiterOptions) {
    const { maxConcurrent, maxQueue = 0 } = options;
    if (!Number.isInteger(maxConcurrent) || maxConcurrent < 1) {
      throw new RangeError(
        `ConcurrencyLimiter: maxConcurrent must be a positive integer, got ${String(maxConcurrent)}.`,
      );
    }
    if (!Number.isInteger(maxQueue) || maxQueue < 0) {
      throw new RangeError(
        `ConcurrencyLimiter: maxQueue must be a non-negative integer, got ${String(maxQueue)}.`,
      );
    }
    this.maxConcurrent = maxConcurrent;
    this.maxQueue = maxQueue;
  }

  /** Calls holding a slot now. */
  get active(): number {
    return this.#active;
  }

  /** Calls waiting for a slot now. */
  get queued(): number {
    return this.#waiting;
  }

  /** Takes a slot, a place in line, or neither (see `ConcurrencyGrant`). */
  acquire(): ConcurrencyGrant {
    if (this.#active < this.maxConcurrent) {
      this.#active += 1;
      return { status: 'granted', release: this.#releaser() };
    }
    if (this.#waiting >= this.maxQueue) return { status: 'full', retryAfterMs: this.retryAfterMs() };
    let waiter!: Waiter;
    const granted = new Promise<() => void>((resolve) => {
      waiter = { state: 'waiting', resolve };
    });
    this.#queue.push(waiter);
    this.#waiting += 1;
    const cancel = (): void => {
      if (waiter.state === 'waiting') {
        waiter.state = 'cancelled';
        this.#waiting -= 1;
      } else if (waiter.state === 'granted') {
        // Granted between the decision to leave and now: hand the slot back.
        waiter.release?.();
      }
    };
    return { status: 'queued', granted, cancel };
  }

  /** A suggested wait before retrying, from the running average of how long calls hold a slot. */
  retryAfterMs(): number {
    const estimate = this.#averageHoldMs * (1 + this.#waiting / this.maxConcurrent);
    return Math.min(MAX_RETRY_HINT_MS, Math.max(MIN_RETRY_HINT_MS, Math.round(estimate)));
  }

  /**
   * Takes a free slot without a grant: what to give `leave` when the work ends, or `undefined`
   * when no slot is free (then `acquire` queues or refuses). Internal: the engine's fast path,
   * which must not allocate per call; `leave` must be called exactly once.
   */
  enter(): number | undefined {
    if (this.#active >= this.maxConcurrent) return undefined;
    this.#active += 1;
    return this.#holdStart();
  }

  /** Gives back a slot taken with `enter` (`since` is what it returned). Internal. */
  leave(since: number): void {
    if (since >= 0) {
      const held = performance.now() - since;
      this.#averageHoldMs =
        this.#averageHoldMs === 0 ? held : this.#averageHoldMs * (1 - SMOOTHING) + held * SMOOTHING;
    }
    this.#handOver();
  }

  // The hold time feeds the retry hint, which matters only once the limiter fills: a limiter
  // less than half busy does not read the clock (a set's default limiter sees every call).
  #holdStart(): number {
    return this.#active * 2 >= this.maxConcurrent ? performance.now() : -1;
  }

  #releaser(): () => void {
    const since = this.#holdStart();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.leave(since);
    };
  }

  // The freed slot goes straight to the next live waiter, so a newcomer cannot jump the line.
  #handOver(): void {
    while (this.#head < this.#queue.length) {
      const waiter = this.#queue[this.#head]!;
      this.#head += 1;
      if (waiter.state !== 'waiting') continue;
      this.#compact();
      this.#waiting -= 1;
      waiter.state = 'granted';
      waiter.release = this.#releaser();
      waiter.resolve(waiter.release);
      return;
    }
    this.#compact();
    this.#active -= 1;
  }

  #compact(): void {
    if (this.#head > 64 && this.#head * 2 > this.#queue.length) {
      this.#queue = this.#queue.slice(this.#head);
      this.#head = 0;
    }
  }
}
