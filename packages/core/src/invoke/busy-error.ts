import { formatDuration } from '../errors/format-duration';
import { ToolError } from '../errors/tool-error';
import type { ConcurrencyLimiter } from './concurrency-limiter';

/** Whose limit refused a call: the tool's own (`limits.concurrency`) or the whole set's. */
export type BusyScope = 'tool' | 'tool set';

/** The `concurrency_limited` error of a call that found every slot and queue place taken (R12). */
export function busyError(
  limiter: ConcurrencyLimiter,
  scope: BusyScope,
  name: string,
  retryAfterMs: number,
): ToolError {
  const waiting = limiter.maxQueue === 0 ? '' : ` and ${limiter.queued} are waiting`;
  const text =
    scope === 'tool'
      ? `${name} is busy: ${limiter.active} calls are running${waiting}, the most it allows. Try again in about ${formatDuration(retryAfterMs)}.`
      : `Too many tool calls are running at once (${limiter.active}${waiting}, the most allowed). Try ${name} again in about ${formatDuration(retryAfterMs)}.`;
  return ToolError.concurrencyLimited(text, {
    toolName: name,
    retryAfterMs,
    details: {
      scope,
      active: limiter.active,
      queued: limiter.queued,
      maxConcurrent: limiter.maxConcurrent,
      maxQueue: limiter.maxQueue,
    },
  });
}
