import type { ServiceIdentifier } from 'inversify';
import type { ResourceEntry } from '../container/resource-entry';
import { missingTokenProblem, unboundDependencyProblem } from '../problems/dependency-problems';
import type { ResourceProblem } from '../problems/resource-problem';
import { nameOfToken } from '../tokens/name-of-token';
import { ensureInjectable } from './ensure-injectable';
import { readInjectionSites } from './inversify-metadata';

/**
 * One problem per injection of `target` that cannot be resolved against the bound entries: an
 * unbound, non-optional token, or a parameter without a token. Follows `fromClass` bindings into
 * their implementations (`through` names the bindings passed on the way), once per class.
 */
export function unresolvableDependencies(
  target: Function,
  requiredBy: string,
  findEntry: (token: ServiceIdentifier) => ResourceEntry | undefined,
  through: readonly string[] = [],
  seen: Set<Function> = new Set([target]),
): ResourceProblem[] {
  ensureInjectable(target);
  const problems: ResourceProblem[] = [];
  const owner = target.name || 'anonymous class';
  for (const site of readInjectionSites(target)) {
    if (site.token === undefined) {
      problems.push(missingTokenProblem(requiredBy, owner, site, through));
      continue;
    }
    const entry = findEntry(site.token);
    if (entry === undefined) {
      if (!site.optional) {
        problems.push(unboundDependencyProblem(requiredBy, site.token, nameOfToken(site.token), through));
      }
      continue;
    }
    const implementation = entry.kind === 'class' ? entry.provider.implementation : undefined;
    if (implementation !== undefined && !seen.has(implementation)) {
      seen.add(implementation);
      problems.push(
        ...unresolvableDependencies(implementation, requiredBy, findEntry, [...through, entry.name], seen),
      );
    }
  }
  return problems;
}
