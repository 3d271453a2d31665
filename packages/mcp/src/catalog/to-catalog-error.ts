import { ToolError } from '@toolwright/core';
import { internalError, invalidParams, resourceNotFound, type CatalogError } from './catalog-error';
import type { McpRevision } from './mcp-revision';

/**
 * The protocol error for a failed read, get or completion: bad arguments are -32602 with the
 * decoder's field-by-field text, a resource method's `not_found` is resource-not-found for the
 * URI, anything else -32603 with the `ToolError`'s curated text (never a stack or a cause, R9).
 */
export function toCatalogError(thrown: unknown, revision: McpRevision, uri?: string): CatalogError {
  const error = ToolError.is(thrown) ? thrown : ToolError.from(thrown);
  if (error.kind === 'invalid_arguments') return invalidParams(`Invalid arguments: ${error.modelText}`);
  if (error.kind === 'not_found' && uri !== undefined) return resourceNotFound(uri, revision);
  return internalError(error.modelText);
}
