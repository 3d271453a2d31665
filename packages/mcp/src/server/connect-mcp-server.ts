import type { ToolServerHandle } from '@toolwright/registry';
import type { Transport } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { createWiredMcpServer, type WiredMcpServer } from './create-mcp-server';
import type { McpServerOptions } from './mcp-server-options';
import { PinnedRoute } from './pinned-route';

/** A handle served on one connection by `connectMcpServer`. */
export interface McpConnection {
  /** Tells the client that the resource at `uri` changed (`notifications/resources/updated`). */
  resourceUpdated(uri: string): Promise<void>;
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
  // The instances serving this connection (a discarded discover probe closes itself).
  const servers = new Set<WiredMcpServer>();
  // Once the entry has pinned an instance, plain requests go to it directly (pinned-route.ts).
  const route = new PinnedRoute();
  const serving = serveStdio(
    () => {
      let channel: Transport | undefined;
      const server = createWiredMcpServer(handle, options, {
        onConnect: (connected) => {
          channel = connected;
          route.follow(connected);
        },
      });
      servers.add(server);
      const previous = server.onclose;
      server.onclose = () => {
        servers.delete(server);
        if (channel !== undefined) route.closed(channel);
        previous?.();
      };
      return server;
    },
    { transport, onerror: (error) => options.onError?.(error) },
  );
  route.attach(transport);
  return {
    resourceUpdated: async (uri) => {
      await Promise.all([...servers].map((server) => server.resourceUpdated(uri)));
    },
    close: () => serving.close(),
  };
}
