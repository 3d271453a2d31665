import { invalidParams, type CatalogError } from './catalog-error';
import { DEFAULT_CATALOG_PAGE_SIZE } from './catalog-options';

/** One page of a list and the cursor of the next, if any. */
export interface Page<T> {
  readonly items: readonly T[];
  readonly nextCursor?: string;
}

/**
 * The page of `items` a request's cursor points at. A cursor is `<list>.<offset>` (opaque to
 * clients); one of another list, or malformed, is a -32602 error. Lists keep registration order,
 * so the same cursor gives the same page.
 */
export function paginate<T>(
  list: string,
  items: readonly T[],
  cursor: unknown,
  pageSize: number = DEFAULT_CATALOG_PAGE_SIZE,
): Page<T> | CatalogError {
  if (!Number.isInteger(pageSize) || pageSize < 1)
    throw new RangeError(`pageSize must be a positive integer, got ${String(pageSize)}.`);
  let offset = 0;
  if (cursor !== undefined && cursor !== null) {
    const match = typeof cursor === 'string' ? /^([a-z]+)\.(\d{1,9})$/.exec(cursor) : null;
    if (match === null || match[1] !== list || Number(match[2]) > items.length)
      return invalidParams(`Invalid cursor: list ${list} again without one.`);
    offset = Number(match[2]);
  }
  const end = offset + pageSize;
  const page = offset === 0 && end >= items.length ? items : items.slice(offset, end);
  return end < items.length ? { items: page, nextCursor: `${list}.${end}` } : { items: page };
}
