// MCP resources, resource templates, prompts and completion over a toolwright handle's snapshot:
// transport-independent handlers that a server (either protocol revision) calls per request.
//
// THE INTERFACE (for the server that wires these in):
//
//   const outcome = await handleCatalogRequest(handle.snapshot(), request.method, request.params, {
//     revision: '2025-11-25' | '2026-07-28',   // decides resultType, ttlMs/cacheScope, error codes
//     signal,                                   // the request's cancellation (optional)
//     extensions,                               // host values for ctx.get(Token) (optional)
//     pageSize, caching,                        // optional: list page size (100), caching hints
//   });
//   if (outcome.ok) respond(outcome.result);    // the MCP result object, ready to send as is
//   else respondError(outcome.error);           // { code, message, data? }: the JSON-RPC error
//
// - `isCatalogMethod(method)` / `CATALOG_METHODS` say which methods go here: resources/list,
//   resources/templates/list, resources/read, prompts/list, prompts/get, completion/complete.
// - `catalogCapabilities(snapshot)` gives `{ resources?, prompts?, completions? }` to merge into
//   the server's capabilities (declared only for what the registry has).
// - `handleCatalogRequest` never rejects. Each handler is also exported on its own
//   (`listResources(snapshot, params, options)`, …): lists answer synchronously, the rest async.
// - Results are the spec's shapes. Under 2026-07-28 every result carries `resultType: 'complete'`,
//   and list and read results `ttlMs` and `cacheScope` (default 0 / 'private'); under 2025-11-25
//   neither. Lists keep registration order; cursors are `<list>.<offset>`; a bad cursor is -32602.
// - Errors: unknown resource URI → -32002 (2025-11-25) or -32602 (2026-07-28, SEP-2164), both with
//   `data: { uri }`; bad params, unknown prompt or completion reference, arguments that do not
//   decode → -32602; a failing resource/prompt/completer → -32603 with its ToolError's curated text.
// - The catalog is fixed at finalize: no list_changed, no subscriptions (capabilities say so).
export { handleCatalogRequest, CATALOG_METHODS, isCatalogMethod } from './handle-catalog-request';
export type { CatalogMethod } from './handle-catalog-request';
export { listResources, listResourceTemplates, readResource } from './resource-handlers';
export { listPrompts, getPrompt } from './prompt-handlers';
export { complete } from './completion-handler';
export { catalogCapabilities } from './catalog-capabilities';
export type { CatalogCapabilities } from './catalog-capabilities';
export { CATALOG_ERROR_CODES, isCatalogError } from './catalog-error';
export type { CatalogError } from './catalog-error';
export type { CatalogOutcome } from './catalog-outcome';
export { DEFAULT_CATALOG_PAGE_SIZE, DEFAULT_CATALOG_CACHING } from './catalog-options';
export type { CatalogRequestOptions, CatalogCaching } from './catalog-options';
export { MCP_REVISIONS } from './mcp-revision';
export type { McpRevision } from './mcp-revision';
