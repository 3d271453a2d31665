import type { ToolSnapshot } from '@toolwright/registry';
import { internalError, methodNotFound } from './catalog-error';
import type { CatalogRequestOptions } from './catalog-options';
import { failure, type CatalogOutcome } from './catalog-outcome';
import { complete } from './completion-handler';
import { getPrompt, listPrompts } from './prompt-handlers';
import { listResources, listResourceTemplates, readResource } from './resource-handlers';

/** The MCP methods the catalog handlers answer. */
export const CATALOG_METHODS = Object.freeze([
  'resources/list',
  'resources/templates/list',
  'resources/read',
  'prompts/list',
  'prompts/get',
  'completion/complete',
] as const);

/** One of `CATALOG_METHODS`. */
export type CatalogMethod = (typeof CATALOG_METHODS)[number];

/** Whether a method is one the catalog handlers answer. */
export function isCatalogMethod(method: unknown): method is CatalogMethod {
  return typeof method === 'string' && (CATALOG_METHODS as readonly string[]).includes(method);
}

/**
 * Answers one catalog request against a snapshot. Never rejects: every failure is an outcome with
 * a protocol error (a method outside `CATALOG_METHODS` is -32601).
 */
export async function handleCatalogRequest(
  snapshot: ToolSnapshot,
  method: string,
  params: unknown,
  options: CatalogRequestOptions,
): Promise<CatalogOutcome> {
  try {
    switch (method) {
      case 'resources/list':
        return listResources(snapshot, params, options);
      case 'resources/templates/list':
        return listResourceTemplates(snapshot, params, options);
      case 'resources/read':
        return await readResource(snapshot, params, options);
      case 'prompts/list':
        return listPrompts(snapshot, params, options);
      case 'prompts/get':
        return await getPrompt(snapshot, params, options);
      case 'completion/complete':
        return await complete(snapshot, params, options);
      default:
        return failure(methodNotFound(method));
    }
  } catch {
    // The handlers catch what entries throw; this only guards against a fault of their own.
    return failure(internalError('The server failed to answer this request.'));
  }
}
