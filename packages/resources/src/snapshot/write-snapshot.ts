import { instanceToPlain } from 'class-transformer';
import type { ResourceEntry } from '../container/resource-entry';
import type { ResourceProblem } from '../problems/resource-problem';
import { ResourceValidationError } from '../problems/resource-validation-error';
import { RESOURCES_SNAPSHOT_VERSION, type ResourcesSnapshot } from './resources-snapshot';
import { snapshotKey, snapshotKeyCollisions } from './snapshot-key-collisions';

/**
 * The `Params` and `State` values of `entries` as JSON data (class-transformer's `instanceToPlain`,
 * then a JSON round trip, so the result is exactly what `JSON.stringify` would keep). Throws a
 * `ResourceValidationError` listing every key collision and unserializable value.
 */
export function writeSnapshot(entries: readonly ResourceEntry[]): ResourcesSnapshot {
  const problems: ResourceProblem[] = snapshotKeyCollisions(entries);
  const params: [string, unknown][] = [];
  const state: [string, unknown][] = [];
  for (const entry of entries) {
    if (entry.kind !== 'params' && entry.kind !== 'state') continue;
    const value = entry.kind === 'params' ? entry.value : entry.cell?.get();
    if (entry.problems.length > 0 || value === undefined) {
      problems.push(...entry.problems);
      continue;
    }
    try {
      const data: unknown = JSON.parse(JSON.stringify(instanceToPlain(value)));
      (entry.kind === 'params' ? params : state).push([snapshotKey(entry), data]);
    } catch (error) {
      problems.push({
        tokenName: entry.name,
        message: `${entry.name} cannot be written as JSON: ${error instanceof Error ? error.message : String(error)}.`,
        fix: `keep ${entry.target.name} to JSON data (no bigint, no cycles), or mark such fields @Exclude().`,
      });
    }
  }
  if (problems.length > 0)
    throw new ResourceValidationError('in the resources; no snapshot was taken', problems);
  // Object.fromEntries defines properties, so even a class named __proto__ stays an ordinary key.
  return {
    version: RESOURCES_SNAPSHOT_VERSION,
    params: Object.fromEntries(params),
    state: Object.fromEntries(state),
  };
}
