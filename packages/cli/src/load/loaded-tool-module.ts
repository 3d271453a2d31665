import type { ToolRegistry, ToolServerHandle } from '@toolwright/registry';

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
  /** The files loading the module brought in (not toolwright's own packages), for the metadata check. */
  readonly loadedFiles: readonly string[];
}
