import type { CatalogCallOptions } from '@toolwright/core';
import type { McpRevision } from './mcp-revision';

/** The default number of entries per `resources/list`, `resources/templates/list` and `prompts/list` page. */
export const DEFAULT_CATALOG_PAGE_SIZE = 100;

/** Caching hints of 2026-07-28 results (SEP-2549): how long and by whom a result may be reused. */
export interface CatalogCaching {
  /** Milliseconds a client may reuse the result (default 0: re-fetch whenever needed). */
  readonly ttlMs: number;
  /** `private` (default: only in the same authorization context) or `public`. */
  readonly cacheScope: 'public' | 'private';
}

/** The caching hints sent when none are given: nothing is reused, nothing shared. */
export const DEFAULT_CATALOG_CACHING: CatalogCaching = Object.freeze({ ttlMs: 0, cacheScope: 'private' });

/** What each catalog request is answered with, besides the snapshot and the params. */
export interface CatalogRequestOptions extends CatalogCallOptions {
  /** The protocol revision of the request: it decides `resultType`, caching fields and error codes. */
  readonly revision: McpRevision;
  /** Entries per list page (default 100). */
  readonly pageSize?: number;
  /** Caching hints for 2026-07-28 list and read results (default `{ ttlMs: 0, cacheScope: 'private' }`). */
  readonly caching?: CatalogCaching;
}
