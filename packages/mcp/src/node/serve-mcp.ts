import type { ToolServerHandle } from '@toolwright/registry';
import type { McpServerOptions } from '../server/mcp-server-options';
import type { McpServing } from './mcp-serving';
import type { McpStdioOptions } from './mcp-stdio-options';
import { serveHttp, type McpHttpListenOptions } from './serve-http';
import { serveStdio } from './serve-stdio';

/** Options of `serveMcp`: the transport, and the server options. */
export interface ServeMcpOptions extends McpServerOptions {
  /**
   * `'stdio'` (or `{ stdio: { … } }` with stdio options), or `{ http: { port, host, … } }` for
   * Streamable HTTP (bound to 127.0.0.1 by default).
   */
  readonly transport: 'stdio' | { readonly stdio: McpStdioOptions } | { readonly http: McpHttpListenOptions };
}

/**
 * Serves a handle as an MCP server and resolves once it is accepting: over stdio (stdout carries
 * JSON-RPC only) or over Streamable HTTP (loopback by default, Host/Origin checked, a server per
 * session, bounded). The result's `close()` stops it; `closed` resolves when it has stopped.
 */
export function serveMcp(handle: ToolServerHandle, options: ServeMcpOptions): Promise<McpServing> {
  const { transport, ...serverOptions } = options;
  if (transport === 'stdio') return serveStdio(handle, serverOptions);
  if (typeof transport === 'object' && transport !== null) {
    if ('http' in transport && typeof transport.http === 'object' && transport.http !== null)
      return serveHttp(handle, { ...serverOptions, ...transport.http });
    if ('stdio' in transport && typeof transport.stdio === 'object' && transport.stdio !== null)
      return serveStdio(handle, { ...serverOptions, ...transport.stdio });
  }
  return Promise.reject(
    new TypeError(
      `serveMcp: transport must be 'stdio', { stdio: { … } } or { http: { port, host } }, got ${JSON.stringify(transport)}.`,
    ),
  );
}
