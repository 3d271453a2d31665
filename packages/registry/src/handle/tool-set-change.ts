import type { ToolSnapshot } from './tool-snapshot';

/** One change batch of a handle, announced once to every listener (MCP: one `list_changed`). */
export interface ToolSetChange {
  readonly previous: ToolSnapshot;
  readonly snapshot: ToolSnapshot;
  /** Names new in `snapshot`. */
  readonly added: readonly string[];
  /** Names gone from `snapshot`. */
  readonly removed: readonly string[];
  /** Names removed and added again in the batch (their definition may differ). */
  readonly replaced: readonly string[];
}

/** Receives every change batch of a handle. Thrown errors are caught and do not reach the changer. */
export type ToolSetChangeListener = (change: ToolSetChange) => void;
