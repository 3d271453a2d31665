import type { McpRevision } from './mcp-revision';

/** JSON-RPC error codes the catalog handlers answer with. */
export const CATALOG_ERROR_CODES = Object.freeze({
  /** Bad params, an unknown prompt or completion reference, and (from 2026-07-28) an unknown resource. */
  invalidParams: -32602,
  /** An unknown resource under 2025-11-25 (replaced by -32602 in 2026-07-28, SEP-2164). */
  resourceNotFound: -32002,
  /** The method is not a catalog method. */
  methodNotFound: -32601,
  /** A resource, prompt or completer failed (the message is curated: no stack, no secret). */
  internalError: -32603,
});

/** A protocol error as a value: what the server sends as the JSON-RPC `error` of the response. */
export interface CatalogError {
  readonly code: number;
  readonly message: string;
  readonly data?: Readonly<Record<string, unknown>>;
}

// The errors these functions made: a client's params can never pass for one.
const made = new WeakSet<object>();

function make(error: CatalogError): CatalogError {
  const frozen = Object.freeze(error);
  made.add(frozen);
  return frozen;
}

/** Whether a value is a `CatalogError` made here (not a client's object shaped like one). */
export function isCatalogError(value: unknown): value is CatalogError {
  return typeof value === 'object' && value !== null && made.has(value);
}

/** An unknown resource URI: `-32002` under 2025-11-25, `-32602` from 2026-07-28; `data.uri` names it. */
export function resourceNotFound(uri: string, revision: McpRevision): CatalogError {
  return make({
    code:
      revision === '2025-11-25' ? CATALOG_ERROR_CODES.resourceNotFound : CATALOG_ERROR_CODES.invalidParams,
    message: `Resource not found: ${clip(uri)}`,
    data: Object.freeze({ uri }),
  });
}

/** Params that are missing or of the wrong type, or name nothing known. */
export function invalidParams(message: string, data?: Readonly<Record<string, unknown>>): CatalogError {
  return make(
    data === undefined
      ? { code: CATALOG_ERROR_CODES.invalidParams, message }
      : { code: CATALOG_ERROR_CODES.invalidParams, message, data },
  );
}

/** A catalog entry failed; `message` is a `ToolError`'s curated text. */
export function internalError(message: string): CatalogError {
  return make({ code: CATALOG_ERROR_CODES.internalError, message });
}

/** Not one of the catalog methods. */
export function methodNotFound(method: string): CatalogError {
  return make({ code: CATALOG_ERROR_CODES.methodNotFound, message: `Method not found: ${clip(method)}` });
}

// A client's text echoed in a message is kept short.
function clip(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
