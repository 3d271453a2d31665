import type { ToolServerHandle } from '@toolwright/registry';
import { startImport } from '../import/import-mcp-tools';
import type { ImportMcpToolsOptions } from '../import/import-options';
import type { McpImport } from '../import/mcp-import';
import { isMcpClientLike } from '../import/mcp-client-like';
import { connectMcpSource, type ConnectOptions, type McpSource } from './connect-mcp-source';

/**
 * `importMcpTools` for every kind of source: a connected `Client` (left open on `close()`), a URL
 * (Streamable HTTP) or a command line run over stdio (connected here, closed on `close()`).
 */
export async function importMcpTools(
  source: McpSource,
  handle: ToolServerHandle,
  options: ImportMcpToolsOptions & ConnectOptions = {},
): Promise<McpImport> {
  // Not `instanceof Client`: an ES module project's Client is another class than the one required here.
  if (isMcpClientLike(source)) return startImport(source, handle, options, false);
  const client = await connectMcpSource(source, options);
  return startImport(client, handle, options, true);
}
