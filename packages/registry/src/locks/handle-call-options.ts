import type { ToolCallOptions } from '@toolwright/core';
import type { ResourceLocks } from './resource-locks';

/** Options of `handle.call` and `snapshot.call`: the tool set's call options, and per-resource locks. */
export interface HandleCallOptions extends ToolCallOptions {
  /**
   * Run the call under this table's per-resource locks (see `ResourceLocks`): it waits for the
   * earlier calls of the table that write what it touches, or touch what it writes. Without it,
   * calls do not wait for each other.
   */
  readonly locks?: ResourceLocks;
}
