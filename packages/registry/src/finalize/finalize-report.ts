import type { FinalizeProblem } from './finalize-problem';

/** What `registry.check()` returns: the problems `finalize()` would throw, without throwing. */
export interface FinalizeReport {
  /** No problems: `finalize()` would succeed. */
  readonly ok: boolean;
  readonly problems: readonly FinalizeProblem[];
  /** The names of the tools that would be registered, in registration order. */
  readonly tools: readonly string[];
  /** The `FinalizeError` text when there are problems; `''` otherwise. */
  readonly text: string;
}
