import type { ToolServerHandle } from '@toolwright/registry';
import type { Transport } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { createWiredMcpServer } from './create-mcp-server';
import type { McpServerOptions } from './mcp-server-options';

/** A handle served on one connection by `connectMcpServer`. */
export interface McpConnection {
  /** Ends the connection: closes its server and the transport. */
  close(): Promise<void>;
}

/**
 * Serves a handle on one long-lived connection — stdio, a socket, an in-memory pair — for both
 * protocol revisions: the client's first message decides (`initialize`: 2025-11-25 for the
 * connection's lifetime; a request with the 2026-07-28 envelope or `server/discover`: 2026-07-28,
 * with `subscriptions/listen`). The transport is started here; do not start or connect it yourself.
 */
export function connectMcpServer(
  handle: ToolServerHandle,
  transport: Transport,
  options: McpServerOptions = {},
): McpConnection {
  return serveStdio(() => createWiredMcpServer(handle, options, {}), {
    transport,
    onerror: (error) => options.onError?.(error),
  });
}
