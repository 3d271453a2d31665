import type { ToolServerHandle } from '@toolwright/registry';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createMcpServer } from '../server/create-mcp-server';
import type { McpServerOptions } from '../server/mcp-server-options';
import type { McpServing } from './mcp-serving';
import { routeConsoleToStderr } from './route-console-to-stderr';

/**
 * Serves a handle over stdio: JSON-RPC on stdout and nothing else (console output is routed to
 * stderr first), requests on stdin. Stops when stdin ends or `close()` is called.
 */
export async function serveStdio(
  handle: ToolServerHandle,
  options: McpServerOptions = {},
): Promise<McpServing> {
  const output = routeConsoleToStderr();
  const server = createMcpServer(handle, options);
  const transport = new StdioServerTransport(process.stdin, output);
  let resolveClosed!: () => void;
  const closed = new Promise<void>((resolve) => {
    resolveClosed = resolve;
  });
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      process.stdin.off('end', onEnd);
      try {
        await server.close();
      } catch (error) {
        options.onError?.(error);
      }
      resolveClosed();
    })();
    return closing;
  };
  const onEnd = (): void => void close();
  process.stdin.on('end', onEnd);
  await server.connect(transport);
  return { transport: 'stdio', closed, close };
}
