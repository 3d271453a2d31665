import type { ToolServerHandle } from '@toolwright/registry';
import type { McpServerOptions } from '../server/mcp-server-options';
import { connectMcpServer } from '../server/connect-mcp-server';
import { fdWriter } from './fd-writer';
import { FrameStdioTransport } from './frame-stdio-transport';
import type { McpStdioOptions } from './mcp-stdio-options';
import type { McpServing } from './mcp-serving';
import { routeConsoleToStderr } from './route-console-to-stderr';

/**
 * Serves a handle over stdio, for both protocol revisions (the client's first message decides):
 * JSON-RPC on stdout and nothing else (console output is routed to stderr first), requests on
 * stdin, each `tools/call`'s arguments read as sent (R16). Stops when stdin ends or `close()` is
 * called. With `protocolFd` the protocol goes to that descriptor instead of stdout.
 */
export async function serveStdio(
  handle: ToolServerHandle,
  options: McpServerOptions & McpStdioOptions = {},
): Promise<McpServing> {
  const { maxLineBytes, protocolFd, ...serverOptions } = options;
  const stdout = routeConsoleToStderr();
  const output = protocolFd === undefined ? stdout : fdWriter(protocolFd);
  const transport = new FrameStdioTransport(process.stdin, output, maxLineBytes);
  let resolveClosed!: () => void;
  const closed = new Promise<void>((resolve) => {
    resolveClosed = resolve;
  });
  let closing: Promise<void> | undefined;
  const connection = connectMcpServer(handle, transport, serverOptions);
  const close = (): Promise<void> => {
    closing ??= (async () => {
      process.stdin.off('end', onEnd);
      try {
        await connection.close();
      } catch (error) {
        options.onError?.(error);
      }
      resolveClosed();
    })();
    return closing;
  };
  const onEnd = (): void => void close();
  process.stdin.on('end', onEnd);
  return { transport: 'stdio', closed, close, resourceUpdated: (uri) => connection.resourceUpdated(uri) };
}
