import type { ToolLimits } from '../invoke/erased-tool-spec';
import type { ToolDefinition } from '../invoke/tool-definition';

/** Options of `eraseTool` / `eraseTools`. */
export interface EraseOptions {
  /** Runtime limits (timeouts, concurrency) on top of those the tool declares. */
  readonly limits?: ToolLimits;
  /** Replaces parts of the declared definition (a registry renders description templates, sets the namespace). */
  readonly overrides?: Partial<Pick<ToolDefinition, 'description' | 'namespace' | 'title'>>;
  /**
   * Decode with the accelerator (a scanner for the common flat call, generated code for hot
   * tools) in front of the reference decoder; default true. `false` keeps the reference path
   * alone (JSON.parse and shared closures): the same outcome for every input, at its own speed.
   */
  readonly accelerate?: boolean;
}
