import type { FinalizeProblem } from './finalize-problem';

/** What `registry.check()` returns: the problems `finalize()` would throw, without throwing. */
export interface FinalizeReport {
  /** No problems: `finalize()` would succeed. */
  readonly ok: boolean;
  readonly problems: readonly FinalizeProblem[];
  /** The names of the tools that would be registered, in registration order. */
  readonly tools: readonly string[];
  /** The URIs of the resources that would be registered, in registration order (present when there are any resources, templates or prompts). */
  readonly resources?: readonly string[];
  /** The URI templates of the resource templates that would be registered (as `resources`). */
  readonly resourceTemplates?: readonly string[];
  /** The names of the prompts that would be registered (as `resources`). */
  readonly prompts?: readonly string[];
  /** The `FinalizeError` text when there are problems; `''` otherwise. */
  readonly text: string;
}
