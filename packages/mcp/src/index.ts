// The public API of @toolwright/mcp that runs anywhere: serve a handle through any MCP transport
// (createMcpServer) and import a connected client's tools (importMcpTools). Node-only serving
// (stdio, Streamable HTTP) and command-line/URL sources live in `@toolwright/mcp/node`.
export { createMcpServer } from './server/create-mcp-server';
export type { McpServerOptions, McpCallInfo } from './server/mcp-server-options';
export { DEFAULT_MAX_IN_FLIGHT, DEFAULT_MAX_QUEUED } from './server/mcp-server-options';
export { DEFAULT_PAGE_SIZE } from './server/tool-pages';
export { McpSession } from './server/mcp-session';
export type { McpSessionRequestOptions } from './server/mcp-session';
export { ERROR_META_KEY, toCallToolResult } from './server/to-call-tool-result';
export type { ErrorMeta } from './server/to-call-tool-result';
export { LOGGING_LEVELS } from './server/logging-levels';
export { importMcpTools } from './import/import-mcp-tools';
export { IMPORT_DEFAULTS } from './import/import-options';
export type { McpClientLike } from './import/mcp-client-like';
export type { ImportMcpToolsOptions, McpToolFilter, DefinitionChangePolicy } from './import/import-options';
export type {
  McpImport,
  McpImportChange,
  McpImportListener,
  McpImportProblem,
  McpImportProblemCode,
  McpDefinitionChange,
} from './import/mcp-import';
