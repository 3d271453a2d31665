import { DEFAULT_CATALOG_CACHING, type CatalogRequestOptions } from './catalog-options';

/**
 * A result as the request's revision writes it: 2026-07-28 results carry `resultType` (and, for
 * lists and reads, `ttlMs` and `cacheScope`); 2025-11-25 results carry neither.
 */
export function withRevisionFields<R extends object>(
  result: R,
  options: CatalogRequestOptions,
  cacheable: boolean,
): R {
  if (options.revision === '2025-11-25') return result;
  const caching = options.caching ?? DEFAULT_CATALOG_CACHING;
  return cacheable
    ? { ...result, resultType: 'complete', ttlMs: caching.ttlMs, cacheScope: caching.cacheScope }
    : { ...result, resultType: 'complete' };
}
