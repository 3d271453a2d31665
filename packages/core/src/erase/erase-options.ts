import type { ToolLimits } from '../invoke/erased-tool-spec';
import type { ToolDefinition } from '../invoke/tool-definition';

/** Options of `eraseTool` / `eraseTools`. */
export interface EraseOptions {
  /** Runtime limits (timeouts, concurrency) on top of those the tool declares. */
  readonly limits?: ToolLimits;
  /** Replaces parts of the declared definition (a registry renders description templates, sets the namespace). */
  readonly overrides?: Partial<Pick<ToolDefinition, 'description' | 'namespace' | 'title'>>;
}
