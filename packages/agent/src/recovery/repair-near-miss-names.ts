import { closestName } from '@toolwright/core/internal';
import type { InvalidCallHook } from './recovery-action';

/** Options of `repairNearMissNames`. */
export interface RepairNearMissNamesOptions {
  /** The most edits (insert, delete, substitute, swap neighbours) a name may be away from a tool (default 2). */
  readonly maxDistance?: number;
}

// A model's typo of a 3-letter name is as likely another tool: never repair names this short.
const MIN_NAME_LENGTH = 4;

/**
 * A hook that repairs a call to an unknown name that is a near miss of exactly one offered tool:
 * the same name in another case or separator style (`ReadFile`, `read-file` → `read_file`), or
 * within `maxDistance` edits (`raed_file` → `read_file`). Ambiguous or distant names, and calls
 * already repaired once, are left to the next hook (or `fail`).
 */
export function repairNearMissNames(options: RepairNearMissNamesOptions = {}): InvalidCallHook {
  const maxDistance = options.maxDistance ?? 2;
  return (invalid) => {
    if (invalid.reason !== 'unknown_tool' && invalid.reason !== 'disallowed_tool') return undefined;
    if (invalid.attempt > 1) return undefined;
    const toolName = nearest(invalid.call.name, invalid.availableTools, maxDistance);
    return toolName === undefined ? undefined : { action: 'repair', toolName };
  };
}

function nearest(name: string, candidates: readonly string[], maxDistance: number): string | undefined {
  if (name.length < MIN_NAME_LENGTH) return undefined;
  return closestName(name, candidates, { maxDistance, unique: true });
}
