import { nameOfToken } from '../tokens/name-of-token';
import type { Dependency } from './dependency';
import { ensureInjectable } from './ensure-injectable';
import { readInjectionSites } from './inversify-metadata';

/**
 * The dependencies of `target`, read from Inversify's metadata in parameter order, then injected
 * properties. Makes `target` injectable first (see `ensureInjectable`), so class-typed parameters
 * without `@inject` are included. A parameter with no token at all is not a dependency but a
 * definition problem, which `Resources.check` reports.
 */
export function dependenciesOf(target: Function): readonly Dependency[] {
  ensureInjectable(target);
  const dependencies: Dependency[] = [];
  for (const site of readInjectionSites(target)) {
    if (site.token === undefined) continue;
    dependencies.push({
      token: site.token,
      tokenName: nameOfToken(site.token),
      site: site.site,
      optional: site.optional,
    });
  }
  return dependencies;
}
