import type { ParamsEntry, ResourceEntry, StateEntry } from '../container/resource-entry';
import type { ResourceProblem } from '../problems/resource-problem';

/** Bound `Params`/`State` entries of one kind, by snapshot key (the class name), in binding order. */
export function entriesBySnapshotKey<K extends 'params' | 'state'>(
  entries: Iterable<ResourceEntry>,
  kind: K,
): Map<string, (K extends 'params' ? ParamsEntry : StateEntry)[]> {
  const byKey = new Map<string, (K extends 'params' ? ParamsEntry : StateEntry)[]>();
  for (const entry of entries) {
    if (entry.kind !== kind) continue;
    const key = snapshotKey(entry as ParamsEntry | StateEntry);
    byKey.set(key, [...(byKey.get(key) ?? []), entry as K extends 'params' ? ParamsEntry : StateEntry]);
  }
  return byKey;
}

/** The key of a `Params`/`State` value in a snapshot: its class name. */
export function snapshotKey(entry: ParamsEntry | StateEntry): string {
  return entry.target.name;
}

/** One problem per snapshot key shared by two different classes (two classes named `Config`). */
export function snapshotKeyCollisions(entries: Iterable<ResourceEntry>): ResourceProblem[] {
  const problems: ResourceProblem[] = [];
  const all = [...entries];
  for (const kind of ['params', 'state'] as const) {
    for (const [key, sameKey] of entriesBySnapshotKey(all, kind)) {
      if (sameKey.length < 2) continue;
      const label = kind === 'params' ? 'Params' : 'State';
      problems.push({
        tokenName: `${label}<${key}>`,
        message:
          key === ''
            ? `${sameKey.length} ${label} values are bound for anonymous classes; a snapshot cannot tell them apart.`
            : `${label}<${key}> is bound for ${sameKey.length} different classes named ${key}; their snapshot keys would collide.`,
        fix: key === '' ? 'give each class a name.' : `rename all but one of the classes named ${key}.`,
      });
    }
  }
  return problems;
}
