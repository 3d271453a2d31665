import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ToolServerHandle } from '@toolwright/registry';
import { isLoopback, LOOPBACK_HOSTS } from './host-guard';
import { createMcpHttpHandler } from './mcp-http-handler';
import { HTTP_DEFAULTS, type McpHttpOptions } from './mcp-http-options';
import type { McpServing } from './mcp-serving';

/** Where `serveMcp` listens over Streamable HTTP. */
export interface McpHttpListenOptions extends McpHttpOptions {
  /** The port (default 0: any free port, see `McpServing.port`). */
  readonly port?: number;
  /** The address to bind (default `127.0.0.1`). Anything but loopback needs `authorize` (R13). */
  readonly host?: string;
  /** The endpoint path (default `/mcp`); other paths are 404. */
  readonly path?: string;
  /**
   * The request line and headers must arrive within this many milliseconds of the connection
   * (default 10 000; Node's own default is 60 s); otherwise 408 and the connection is closed.
   */
  readonly headersTimeoutMs?: number;
}

/** Defaults of `McpHttpListenOptions` beyond those of `McpHttpOptions`. */
export const HTTP_LISTEN_DEFAULTS = Object.freeze({ headersTimeoutMs: 10_000 });

/** Serves a handle over Streamable HTTP on `host:port` at `path`. */
export async function serveHttp(
  handle: ToolServerHandle,
  options: McpHttpListenOptions = {},
): Promise<McpServing> {
  const host = options.host ?? '127.0.0.1';
  const path = options.path ?? '/mcp';
  const loopback = isLoopback(host);
  if (!loopback && options.authorize === undefined && options.allowUnauthenticated !== true) {
    throw new Error(
      `Refusing to serve MCP on ${host} without authentication: anyone who can reach that address could call every tool. ` +
        'Give http.authorize (a function that checks each request), bind 127.0.0.1, or set allowUnauthenticated: true for a trusted network.',
    );
  }
  const wildcard = host === '0.0.0.0' || host === '::';
  const allowedHosts =
    options.allowedHosts ?? (loopback || wildcard ? LOOPBACK_HOSTS : [...LOOPBACK_HOSTS, host]);
  const handler = createMcpHttpHandler(handle, { ...options, allowedHosts });
  const headersTimeout = options.headersTimeoutMs ?? HTTP_LISTEN_DEFAULTS.headersTimeoutMs;
  const server = createServer(
    {
      headersTimeout,
      // The endpoint holds bodies to bodyTimeoutMs; this outer bound also covers other paths.
      requestTimeout: headersTimeout + (options.bodyTimeoutMs ?? HTTP_DEFAULTS.bodyTimeoutMs) + 1000,
      // Node checks the header deadline on this interval (30 s by default), so it would hold late.
      connectionsCheckingInterval: Math.max(100, Math.min(1000, Math.floor(headersTimeout / 4))),
    },
    (request, response) => {
      const url = request.url ?? '/';
      const query = url.indexOf('?');
      if ((query === -1 ? url : url.slice(0, query)) !== path) {
        request.resume();
        response.statusCode = 404;
        response.setHeader('Content-Type', 'application/json');
        response.end(
          JSON.stringify({
            jsonrpc: '2.0',
            error: { code: -32000, message: `Not found: the MCP endpoint is ${path}.` },
            id: null,
          }),
        );
        return;
      }
      void handler(request, response);
    },
  );
  await listen(server, options.port ?? 0, host);
  const address = server.address() as AddressInfo;
  const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let resolveClosed!: () => void;
  const closed = new Promise<void>((resolve) => {
    resolveClosed = resolve;
  });
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      await handler.close();
      server.closeAllConnections();
      await stopped;
      resolveClosed();
    })();
    return closing;
  };
  return {
    transport: 'http',
    url: `http://${urlHost}:${address.port}${path}`,
    port: address.port,
    closed,
    close,
    resourceUpdated: (uri) => handler.resourceUpdated(uri),
  };
}

function listen(server: HttpServer, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error): void => reject(error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
}
