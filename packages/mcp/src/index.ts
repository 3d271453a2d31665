// The public API of @toolwright/mcp that runs anywhere: serve a handle through any MCP transport
// (createMcpServer) and import a connected client's tools (importMcpTools). Node-only serving
// (stdio, Streamable HTTP) and command-line/URL sources live in `@toolwright/mcp/node`.
export { createMcpServer } from './server/create-mcp-server';
export { connectMcpServer } from './server/connect-mcp-server';
export type { McpConnection } from './server/connect-mcp-server';
export { LEGACY_REVISION, MODERN_REVISION } from './server/protocol-revision';
export { DEFAULT_REQUEST_STATE_TTL_MS } from './server/request-state';
export { DEFAULT_INPUT_TIMEOUT_MS } from './server/legacy-input-requester';
export type { McpServerOptions, McpCallInfo } from './server/mcp-server-options';
export type {
  McpCluster,
  SharedLimit,
  SharedGrant,
  ClusterEvent,
  ClusterEventBus,
} from './cluster/mcp-cluster';
export { DEFAULT_MAX_IN_FLIGHT, DEFAULT_MAX_QUEUED } from './server/mcp-server-options';
export { DEFAULT_PAGE_SIZE } from './server/tool-pages';
export { McpSession } from './server/mcp-session';
export {
  TASKS_EXTENSION_ID,
  DEFAULT_TASK_TTL_MS,
  DEFAULT_TASK_POLL_INTERVAL_MS,
  DEFAULT_TASK_LEASE_MS,
} from './server/tasks/task-calls';
export type { McpTaskOptions } from './server/tasks/task-calls';
export { InMemoryTaskStore, DEFAULT_MAX_TASKS } from './server/tasks/in-memory-task-store';
export type { InMemoryTaskStoreOptions } from './server/tasks/in-memory-task-store';
export { TaskWatchers } from './server/tasks/task-watchers';
export { isTerminalStatus } from './server/tasks/task-store';
export type {
  TaskStore,
  TaskRecord,
  TaskStatus,
  TaskPatch,
  TaskSignal,
  TaskError,
  TaskInputRequest,
} from './server/tasks/task-store';
export type { McpSessionRequestOptions } from './server/mcp-session';
export { ERROR_META_KEY, toCallToolResult } from './server/to-call-tool-result';
export type { ErrorMeta } from './server/to-call-tool-result';
export { LOGGING_LEVELS } from './server/logging-levels';
export {
  handleCatalogRequest,
  CATALOG_METHODS,
  isCatalogMethod,
  listResources,
  listResourceTemplates,
  readResource,
  listPrompts,
  getPrompt,
  complete,
  catalogCapabilities,
  CATALOG_ERROR_CODES,
  isCatalogError,
  DEFAULT_CATALOG_PAGE_SIZE,
  DEFAULT_CATALOG_CACHING,
  MCP_REVISIONS,
} from './catalog';
export type {
  CatalogMethod,
  CatalogCapabilities,
  CatalogError,
  CatalogOutcome,
  CatalogRequestOptions,
  CatalogCaching,
  McpRevision,
} from './catalog';
export { importMcpTools } from './import/import-mcp-tools';
export type {
  McpTelemetry,
  McpRequestInfo,
  McpRequestOutcome,
  McpRequestSpan,
} from './telemetry/mcp-telemetry';
export { IMPORT_DEFAULTS } from './import/import-options';
export type { McpClientLike } from './import/mcp-client-like';
export type {
  ImportMcpToolsOptions,
  McpToolFilter,
  DefinitionChangePolicy,
  DefinitionChangeAction,
  PendingDefinitionChange,
  RemoteToolInfo,
  ToolKindMapping,
} from './import/import-options';
export type {
  McpImport,
  McpImportChange,
  McpImportListener,
  McpImportProblem,
  McpImportProblemCode,
  McpDefinitionChange,
} from './import/mcp-import';
export { McpOAuthClient, DEFAULT_REDIRECT_URL } from './auth/mcp-oauth-client';
export type { McpOAuthOptions, McpTokenEndpointAuthMethod } from './auth/mcp-oauth-client';
export { InMemoryTokenStore } from './auth/mcp-token-store';
export type { McpTokenStore, McpAuthState } from './auth/mcp-token-store';
export { followAuthorizationRedirect } from './auth/follow-authorization-redirect';
export type { McpAuthorize } from './auth/follow-authorization-redirect';
