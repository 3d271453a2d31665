import { ConcurrencyLimiter } from './concurrency-limiter';

/**
 * Calls from the host running at once in one `ToolSet` (or registry) unless it is given a limiter
 * of its own: without a bound, 5,000 calls arriving together all ran at once (R12, R18 in
 * docs/reliability.md). Calls a tool dispatches run in the slot of the host's call above them;
 * the dispatch budget bounds those.
 */
export const DEFAULT_MAX_CONCURRENT_CALLS = 256;

/** Calls from the host waiting for a slot by default; past it a call fails at once with `concurrency_limited`. */
export const DEFAULT_MAX_QUEUED_CALLS = 4_096;

/** A limiter with the default bounds, for a set or registry that was given none. */
export function defaultConcurrencyLimiter(): ConcurrencyLimiter {
  return new ConcurrencyLimiter({
    maxConcurrent: DEFAULT_MAX_CONCURRENT_CALLS,
    maxQueue: DEFAULT_MAX_QUEUED_CALLS,
  });
}
