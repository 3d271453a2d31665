import type { FinalizeProblem, ToolRegistry, ToolServerHandle } from '@toolwright/registry';

/** A module loaded as a tool registry: the registry it exported, or the finalized handle. */
export interface LoadedToolModule {
  /** The JavaScript file loaded. */
  readonly file: string;
  /** Which export gave it, as shown in messages: `default`, `registry`, `default()`. */
  readonly source: string;
  /** The unfinalized registry, when the module exported one (or a function returning one). */
  readonly registry?: ToolRegistry;
  /** The finalized handle, when the module exported one (or a function returning one). */
  readonly handle?: ToolServerHandle;
  /**
   * When the module (or its exported function) ran `registry.finalize()` itself and that threw a
   * `FinalizeError`: its problems, reported like any other registry's.
   */
  readonly finalizeError?: {
    readonly problems: readonly FinalizeProblem[];
    readonly tools: readonly string[];
  };
  /** The files loading the module brought in (not toolwright's own packages), for the metadata check. */
  readonly loadedFiles: readonly string[];
}
