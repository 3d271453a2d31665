import type { ParamsEntry, ResourceEntry, StateEntry } from '../container/resource-entry';
import type { ResourceProblem } from '../problems/resource-problem';
import { describeReceived } from '@toolwright/core/internal';
import { toResourceValue } from '../values/to-resource-value';
import { describeIssue } from '../values/value-issue';
import { RESOURCES_SNAPSHOT_VERSION } from './resources-snapshot';
import { entriesBySnapshotKey } from './snapshot-key-collisions';

/** A value from a snapshot, validated and ready to replace the current one. */
export interface RestoredValue {
  readonly entry: ParamsEntry | StateEntry;
  readonly value: object;
}

/** What a snapshot would change, or every reason it cannot be applied. */
export interface ReadSnapshotResult {
  readonly values: readonly RestoredValue[];
  readonly problems: readonly ResourceProblem[];
}

const SECTIONS = ['params', 'state'] as const;

/**
 * Reads a snapshot against the bound entries without changing anything: the format and version,
 * every key (it must name a bound `Params`/`State` class) and every value (turned into an
 * instance and validated like a freshly bound one). Bound values the snapshot omits are kept.
 */
export function readSnapshot(snapshot: unknown, entries: readonly ResourceEntry[]): ReadSnapshotResult {
  const problems: ResourceProblem[] = [];
  const values: RestoredValue[] = [];
  const fail = (message: string, fix: string): ReadSnapshotResult => ({
    values: [],
    problems: [{ tokenName: 'snapshot', message, fix }],
  });
  if (typeof snapshot !== 'object' || snapshot === null || Array.isArray(snapshot)) {
    return fail(
      `The snapshot must be an object (got ${describeReceived(snapshot)}).`,
      'pass what Resources.snapshot() returned.',
    );
  }
  const record = snapshot as Record<string, unknown>;
  if (record['version'] !== RESOURCES_SNAPSHOT_VERSION) {
    return fail(
      `The snapshot has version ${describeReceived(record['version'])}; this build reads version ${RESOURCES_SNAPSHOT_VERSION}.`,
      'take the snapshot with this version of @toolwright/resources.',
    );
  }
  for (const key of Object.keys(record)) {
    if (key !== 'version' && !(SECTIONS as readonly string[]).includes(key)) {
      problems.push({
        tokenName: 'snapshot',
        message: `The snapshot has an unknown section ${JSON.stringify(key)}.`,
        fix: 'a snapshot has only version, params and state.',
      });
    }
  }
  for (const section of SECTIONS) {
    const data = Object.hasOwn(record, section) ? record[section] : undefined;
    if (typeof data !== 'object' || data === null || Array.isArray(data)) {
      problems.push({
        tokenName: 'snapshot',
        message: `The snapshot's ${section} must be an object (got ${describeReceived(data)}).`,
        fix: 'pass what Resources.snapshot() returned.',
      });
      continue;
    }
    const bound = entriesBySnapshotKey(entries, section);
    const label = section === 'params' ? 'Params' : 'State';
    for (const key of Object.keys(data)) {
      const candidates = bound.get(key) ?? [];
      const entry = candidates[0];
      if (entry === undefined || candidates.length > 1) {
        problems.push({
          tokenName: `${label}<${key}>`,
          message:
            entry === undefined
              ? `The snapshot has ${section}.${key}, but no ${label}<${key}> is bound.`
              : `The snapshot has ${section}.${key}, but ${candidates.length} classes named ${key} are bound as ${label}.`,
          fix:
            entry === undefined
              ? `bind it first (registry.${section}(${key}, { … })), or remove ${section}.${key} from the snapshot.`
              : `rename all but one of the classes named ${key}.`,
        });
        continue;
      }
      const result = toResourceValue(entry.target, (data as Record<string, unknown>)[key]);
      if (result.ok) {
        values.push({ entry, value: result.value });
        continue;
      }
      for (const issue of result.issues) {
        problems.push({
          tokenName: entry.name,
          message: `${describeIssue(`${section}.${key}`, issue)}.`,
          fix: `correct ${section}.${key} in the snapshot so it is a valid ${entry.target.name}.`,
        });
      }
    }
  }
  return { values: problems.length > 0 ? [] : values, problems };
}
