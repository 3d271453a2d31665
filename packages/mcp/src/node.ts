// The Node-only public API of @toolwright/mcp (`@toolwright/mcp/node`): serving over stdio and
// Streamable HTTP, the HTTP handler for embedding, and importing from command lines and URLs.
// `importMcpTools` here is the root one widened to every source; everything else portable is in
// `@toolwright/mcp`.
export { importMcpTools } from './node/import-mcp-source';
export { connectMcpSource, createMcpHttpTransport, splitCommandLine } from './node/connect-mcp-source';
export type { McpSource, McpCommandSource, McpUrlSource, ConnectOptions } from './node/connect-mcp-source';
export { serveMcp } from './node/serve-mcp';
export type { ServeMcpOptions } from './node/serve-mcp';
export type { McpServing } from './node/mcp-serving';
export { HTTP_LISTEN_DEFAULTS, type McpHttpListenOptions } from './node/serve-http';
export { createMcpHttpHandler } from './node/mcp-http-handler';
export type { McpHttpHandler } from './node/mcp-http-handler';
export type { McpHttpOptions } from './node/mcp-http-options';
export { HTTP_DEFAULTS } from './node/mcp-http-options';
export type { McpEventStore, McpResumabilityOptions } from './node/mcp-event-store';
export { InMemoryEventStore, EVENT_STORE_DEFAULTS } from './node/in-memory-event-store';
export type { InMemoryEventStoreOptions } from './node/in-memory-event-store';
export { createHostGuard, isLoopback, LOOPBACK_HOSTS } from './node/host-guard';
export type { HostGuardOptions } from './node/host-guard';
export { routeConsoleToStderr } from './node/route-console-to-stderr';
export { DEFAULT_MAX_LINE_BYTES } from './node/frame-stdio-transport';
export type { McpStdioOptions } from './node/mcp-stdio-options';
