import type { ToolSnapshot } from '@toolwright/registry';
import type { CatalogRequestOptions } from './catalog-options';
import { failure, success, type CatalogOutcome } from './catalog-outcome';
import { resourceNotFound } from './catalog-error';
import { paginate } from './paginate';
import { isCatalogError, paramsObject, stringParam } from './read-params';
import { withRevisionFields } from './result-fields';
import { toCatalogError } from './to-catalog-error';

/** `resources/list`: the fixed-URI resources in registration order, paginated. */
export function listResources(
  snapshot: ToolSnapshot,
  params: unknown,
  options: CatalogRequestOptions,
): CatalogOutcome {
  const read = paramsObject(params);
  if (isCatalogError(read)) return failure(read);
  const page = paginate('resources', snapshot.catalog.resources, read['cursor'], options.pageSize);
  if (isCatalogError(page)) return failure(page);
  const result = {
    resources: page.items.map((entry) => entry.definition),
    ...(page.nextCursor === undefined ? {} : { nextCursor: page.nextCursor }),
  };
  return success(withRevisionFields(result, options, true));
}

/** `resources/templates/list`: the resource templates in registration order, paginated. */
export function listResourceTemplates(
  snapshot: ToolSnapshot,
  params: unknown,
  options: CatalogRequestOptions,
): CatalogOutcome {
  const read = paramsObject(params);
  if (isCatalogError(read)) return failure(read);
  const page = paginate('templates', snapshot.catalog.resourceTemplates, read['cursor'], options.pageSize);
  if (isCatalogError(page)) return failure(page);
  const result = {
    resourceTemplates: page.items.map((entry) => entry.definition),
    ...(page.nextCursor === undefined ? {} : { nextCursor: page.nextCursor }),
  };
  return success(withRevisionFields(result, options, true));
}

/**
 * `resources/read`: the resource with the URI, else the first template that matches it. An
 * unknown URI is resource-not-found (never an empty `contents`), with the URI in `data.uri`.
 */
export async function readResource(
  snapshot: ToolSnapshot,
  params: unknown,
  options: CatalogRequestOptions,
): Promise<CatalogOutcome> {
  const read = paramsObject(params);
  if (isCatalogError(read)) return failure(read);
  const uri = stringParam(read, 'uri');
  if (isCatalogError(uri)) return failure(uri);
  try {
    const found = await snapshot.catalog.read(uri, options);
    if (found === undefined) return failure(resourceNotFound(uri, options.revision));
    return success(withRevisionFields({ contents: found.contents }, options, true));
  } catch (error) {
    return failure(toCatalogError(error, options.revision, uri));
  }
}
