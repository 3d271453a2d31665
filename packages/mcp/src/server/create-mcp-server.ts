import { ConcurrencyLimiter } from '@toolwright/core';
import type { ToolServerHandle } from '@toolwright/registry';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  ErrorCode,
  McpError,
  SetLevelRequestSchema,
  type JSONRPCRequest,
  type LoggingLevel,
} from '@modelcontextprotocol/sdk/types.js';
import { CallToolHandler } from './call-tool';
import type { CallExtra, ConnectionState } from './call-session';
import { isLoggingLevel } from './logging-levels';
import { DEFAULT_MAX_IN_FLIGHT, DEFAULT_MAX_QUEUED, type McpServerOptions } from './mcp-server-options';
import { ToolPages } from './tool-pages';

/** The server version reported when the host gives none. */
const PACKAGE_VERSION = '0.1.0';

// One tool-pages cache per handle, shared by every session's server.
const pagesByHandle = new WeakMap<ToolServerHandle, Map<number, ToolPages>>();

/**
 * An MCP server (the SDK's low-level `Server`) serving a toolwright handle: `tools/list` from the
 * current snapshot's cached definitions, paginated; `tools/call` decoded and run by toolwright;
 * `logging/setLevel`; `notifications/tools/list_changed` once per change batch of the handle.
 * Connect it to any transport (`server.connect(transport)`); one server per connection or session.
 * `close()` also stops following the handle.
 */
export function createMcpServer(handle: ToolServerHandle, options: McpServerOptions = {}): Server {
  return new ToolwrightMcpServer(handle, options);
}

class ToolwrightMcpServer extends Server {
  #logLevel: LoggingLevel | undefined;
  #unsubscribe: (() => void) | undefined;

  constructor(
    private readonly handle: ToolServerHandle,
    options: McpServerOptions,
  ) {
    super(
      { name: options.name ?? 'toolwright', version: options.version ?? PACKAGE_VERSION },
      {
        capabilities: { tools: { listChanged: true }, logging: {} },
        ...(options.instructions === undefined ? {} : { instructions: options.instructions }),
      },
    );
    const limiter =
      options.limiter ??
      new ConcurrencyLimiter({
        maxConcurrent: options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT,
        maxQueue: options.maxQueued ?? DEFAULT_MAX_QUEUED,
      });
    const pages = pagesFor(handle, options.pageSize);
    const connection: ConnectionState = {
      clientInfo: () => this.getClientVersion(),
      clientCapabilities: () => this.getClientCapabilities(),
      logLevel: () => this.#logLevel,
    };
    const calls = new CallToolHandler(handle, limiter, connection, options);

    // tools/list and tools/call take the fallback path: no zod parse of the request or the
    // result on the hot path (toolwright validates arguments itself and builds the results).
    this.fallbackRequestHandler = async (request: JSONRPCRequest, extra) => {
      switch (request.method) {
        case 'tools/list':
          return pages.page(this.handle.snapshot(), readCursor(request.params)) as never;
        case 'tools/call':
          return calls.call(request.params, extra as CallExtra) as never;
        default:
          throw new McpError(ErrorCode.MethodNotFound, `Method not found: ${request.method.slice(0, 100)}`);
      }
    };
    this.setRequestHandler(SetLevelRequestSchema, (request) => {
      const level = request.params.level;
      if (!isLoggingLevel(level))
        throw new McpError(ErrorCode.InvalidParams, `Unknown log level: ${String(level)}`);
      this.#logLevel = level;
      return {};
    });
    this.#unsubscribe = handle.onChange(() => {
      if (this.transport === undefined) return;
      this.sendToolListChanged().catch((error: unknown) => options.onError?.(error));
    });
    const onError = options.onError;
    if (onError !== undefined) this.onerror = (error) => onError(error);
    this.onclose = () => this.#detach();
  }

  /** The minimum level the client asked for with `logging/setLevel` (none: everything is sent). */
  get logLevel(): LoggingLevel | undefined {
    return this.#logLevel;
  }

  override async close(): Promise<void> {
    this.#detach();
    await super.close();
  }

  #detach(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
  }
}

function readCursor(params: unknown): string | undefined {
  if (typeof params !== 'object' || params === null) return undefined;
  const cursor = (params as Record<string, unknown>)['cursor'];
  if (cursor === undefined || cursor === null) return undefined;
  if (typeof cursor !== 'string')
    throw new McpError(ErrorCode.InvalidParams, 'Invalid cursor: it must be a string.');
  return cursor;
}

function pagesFor(handle: ToolServerHandle, pageSize: number | undefined): ToolPages {
  const size = pageSize ?? 0;
  let bySize = pagesByHandle.get(handle);
  if (bySize === undefined) {
    bySize = new Map();
    pagesByHandle.set(handle, bySize);
  }
  let pages = bySize.get(size);
  if (pages === undefined) {
    pages = new ToolPages(pageSize);
    bySize.set(size, pages);
  }
  return pages;
}
