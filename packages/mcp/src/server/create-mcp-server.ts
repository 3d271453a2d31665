import { ConcurrencyLimiter } from '@toolwright/core';
import type { ToolServerHandle } from '@toolwright/registry';
import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  ProtocolError,
  ProtocolErrorCode,
  Server,
  type ClientCapabilities,
  type Implementation,
  type JSONRPCRequest,
  type Result,
  type ServerContext,
  type Transport,
} from '@modelcontextprotocol/server';
import type { ResumableStreams } from './call-signal';
import { CallToolHandler } from './call-tool';
import type { ConnectionView } from './connection-view';
import { dispatchPlainRequests } from './inbound-requests';
import { DEFAULT_MAX_IN_FLIGHT, DEFAULT_MAX_QUEUED, type McpServerOptions } from './mcp-server-options';
import { isModernRevision } from './protocol-revision';
import { rawArgumentsOf } from './raw-arguments';
import { RequestStateCodec } from './request-state';
import { catalogServerCapabilities, serveCatalog } from './serve-catalog';
import { ToolPages } from './tool-pages';
import { TaskCalls, TASKS_EXTENSION_ID, declaresTasks, tasksRequired } from './tasks/task-calls';
import type { McpTelemetry } from '../telemetry/mcp-telemetry';
import { serverRequestInfo, serverOutcome } from '../telemetry/server-request-info';
import { traceRequest } from '../telemetry/trace-request';

/** The server version reported when the host gives none. */
const PACKAGE_VERSION = '0.1.0';

/** How a server built by a serving entry of this package is wired (not public). */
export interface ServerWiring {
  /** Send `notifications/tools/list_changed` when the handle changes (default true). */
  readonly followChanges?: boolean;
  /** The session's streams can be resumed: a call outlives a closed stream for a grace period. */
  readonly resumable?: ResumableStreams;
  /** Told of the transport once the server has installed its message handler on it. */
  readonly onConnect?: (transport: Transport) => void;
}

interface HandleShared {
  readonly pages: Map<number, ToolPages>;
  states: RequestStateCodec | undefined;
  tasks: TaskCalls | undefined;
}

// One tool-pages cache and one request-state key per handle, shared by every server built for it
// (one per session, or one per request under 2026-07-28).
const sharedByHandle = new WeakMap<ToolServerHandle, HandleShared>();
// A given secret: one codec per options object (serving entries pass the same one to every server).
const statesByOptions = new WeakMap<McpServerOptions, RequestStateCodec>();
// Given task options: one task runner per options object, for the same reason.
const tasksByOptions = new WeakMap<McpServerOptions, TaskCalls>();

/**
 * An MCP server (the SDK's low-level `Server`) serving a toolwright handle: `tools/list` from the
 * current snapshot's cached definitions, paginated; `tools/call` decoded and run by toolwright;
 * `logging/setLevel`; `notifications/tools/list_changed` once per change batch of the handle.
 * Connected to a transport directly (`server.connect(transport)`) it speaks 2025-11-25; the
 * serving entries (`serveMcp`, `createMcpHttpHandler`, `connectMcpServer`) serve both revisions
 * with it. One server per connection or session; `close()` also stops following the handle.
 */
export function createMcpServer(handle: ToolServerHandle, options: McpServerOptions = {}): Server {
  return new ToolwrightMcpServer(handle, options, {});
}

/** `createMcpServer` for the serving entries of this package. */
export function createWiredMcpServer(
  handle: ToolServerHandle,
  options: McpServerOptions,
  wiring: ServerWiring,
): WiredMcpServer {
  return new ToolwrightMcpServer(handle, options, wiring);
}

/** A server built by `createWiredMcpServer`: the SDK `Server` and the resource-update hook. */
export interface WiredMcpServer extends Server {
  resourceUpdated(uri: string): Promise<void>;
}

class ToolwrightMcpServer extends Server {
  #unsubscribe: (() => void) | undefined;
  // The resources this connection's client subscribed to (2025-11-25).
  readonly #subscriptions = new Set<string>();
  // The tools/call handler, given the request as the transport parsed it (see _wrapHandler).
  #callTool: ((request: JSONRPCRequest, ctx: ServerContext) => Promise<Result>) | undefined;
  // Read when a request arrives: the handlers the SDK's own constructor registers are wrapped
  // before this is set.
  #telemetry: McpTelemetry | undefined;
  readonly #onConnect: ((transport: Transport) => void) | undefined;

  constructor(
    private readonly handle: ToolServerHandle,
    options: McpServerOptions,
    wiring: ServerWiring,
  ) {
    super(
      { name: options.name ?? 'toolwright', version: options.version ?? PACKAGE_VERSION },
      {
        capabilities: {
          tools: { listChanged: true },
          logging: {},
          ...catalogServerCapabilities(handle),
          extensions: { [TASKS_EXTENSION_ID]: {} },
        },
        ...(options.instructions === undefined ? {} : { instructions: options.instructions }),
      },
    );
    this.#telemetry = options.telemetry;
    this.#onConnect = wiring.onConnect;
    const limiter =
      options.limiter ??
      new ConcurrencyLimiter({
        maxConcurrent: options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT,
        maxQueue: options.maxQueued ?? DEFAULT_MAX_QUEUED,
      });
    const pages = pagesFor(handle, options.pageSize);
    const connection: ConnectionView = {
      modern: () => isModernRevision(this.getNegotiatedProtocolVersion()),
      protocolVersion: () => this.getNegotiatedProtocolVersion(),
      clientInfo: (ctx) =>
        connection.modern()
          ? (envelopeOf(ctx)?.[CLIENT_INFO_META_KEY] as Implementation | undefined)
          : this.getClientVersion(),
      clientCapabilities: (ctx) =>
        connection.modern()
          ? (envelopeOf(ctx)?.[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined)
          : this.getClientCapabilities(),
    };
    const states = statesFor(handle, options);
    const tasks = tasksFor(handle, options);
    const calls = new CallToolHandler(handle, limiter, connection, options, states, wiring.resumable, tasks);
    const listCache = options.listCache;
    // Registered by method, so the SDK applies each revision's checks and encoding (2026-07-28:
    // the envelope, resultType, cache fields, serverInfo, 404 for unknown methods) around them.
    const setHandler = this.setRequestHandler.bind(this) as unknown as (
      method: string,
      handler: (request: JSONRPCRequest, ctx: ServerContext) => Promise<Result>,
    ) => void;
    setHandler('tools/list', async (request) => {
      const page = pages.page(this.handle.snapshot(), readCursor(request.params));
      if (listCache === undefined || !connection.modern()) return page;
      return {
        ...page,
        ...(listCache.ttlMs === undefined ? {} : { ttlMs: listCache.ttlMs }),
        ...(listCache.cacheScope === undefined ? {} : { cacheScope: listCache.cacheScope }),
      };
    });
    this.#callTool = (request, ctx) => {
      const params = request.params as Record<string, unknown> | undefined;
      return calls.call(params, ctx, rawArgumentsOf(params?.['arguments']));
    };
    setHandler('tools/call', this.#callTool);
    // The tasks extension (2026-07-28): any request may read, answer or cancel any task it holds
    // the id of, when it declares the extension.
    const anyParams = {
      '~standard': { version: 1, vendor: 'toolwright', validate: (value: unknown) => ({ value }) },
    };
    const setTaskHandler = this.setRequestHandler.bind(this) as unknown as (
      method: string,
      schemas: { params: typeof anyParams },
      handler: (params: unknown, ctx: ServerContext) => Promise<Result>,
    ) => void;
    const taskMethod =
      (answer: (params: unknown, ctx: ServerContext) => Promise<Result>) =>
      (params: unknown, ctx: ServerContext): Promise<Result> => {
        if (!connection.modern())
          return Promise.reject(new ProtocolError(ProtocolErrorCode.MethodNotFound, 'Method not found'));
        if (!declaresTasks(connection.clientCapabilities(ctx))) return Promise.reject(tasksRequired());
        return answer(params, ctx);
      };
    setTaskHandler(
      'tasks/get',
      { params: anyParams },
      taskMethod((params) => tasks.get(params)),
    );
    setTaskHandler(
      'tasks/update',
      { params: anyParams },
      taskMethod((params, ctx) => tasks.update(params, ctx.mcpReq.inputResponses)),
    );
    setTaskHandler(
      'tasks/cancel',
      { params: anyParams },
      taskMethod((params) => tasks.cancel(params)),
    );
    serveCatalog(
      setHandler,
      this.getCapabilities() as Record<string, object>,
      handle,
      connection,
      options,
      this.#subscriptions,
      states,
    );
    if (wiring.followChanges !== false) {
      this.#unsubscribe = handle.onChange(() => {
        if (this.transport === undefined) return;
        this.sendToolListChanged().catch((error: unknown) => options.onError?.(error));
      });
    }
    const onError = options.onError;
    if (onError !== undefined) this.onerror = (error) => onError(error);
    this.onclose = () => this.#detach();
  }

  /**
   * Tells the client that the resource at `uri` changed: under 2025-11-25 when it subscribed to
   * it, under 2026-07-28 always (the entry delivers it to the `subscriptions/listen` streams that
   * asked for that URI). Never rejects.
   */
  async resourceUpdated(uri: string): Promise<void> {
    if (this.transport === undefined || this.getCapabilities().resources === undefined) return;
    const modern = isModernRevision(this.getNegotiatedProtocolVersion());
    if (!modern && !this.#subscriptions.has(uri)) return;
    await this.sendResourceUpdated({ uri }).catch(() => undefined);
  }

  // The SDK's Server wraps tools/call in a check of the request against the revision's schema,
  // around the handler `setRequestHandler` stored, which checks it again and hands on a parsed
  // copy. The call handler is put in place of the stored one: the request is checked once, and
  // the handler sees the arguments object the transport recorded the sent text on (R16). Every
  // handler runs inside the request's telemetry span, when the options give telemetry.
  protected override _wrapHandler(
    method: string,
    handler: (request: JSONRPCRequest, ctx: ServerContext) => Promise<Result>,
  ): (request: JSONRPCRequest, ctx: ServerContext) => Promise<Result> {
    const wrapped =
      method !== 'tools/call' || this.#callTool === undefined
        ? super._wrapHandler(method, handler)
        : super._wrapHandler(method, this.#callTool);
    return (request, ctx) =>
      traceRequest(
        this.#telemetry,
        'server',
        () => serverRequestInfo(method, request, ctx, this.getNegotiatedProtocolVersion()),
        () => wrapped(request, ctx),
        serverOutcome,
      );
  }

  // The SDK's connect installs its message handler before it awaits the transport's start; plain
  // requests are then routed past its schema-by-schema sorting (see inbound-requests.ts).
  override connect(transport: Transport): Promise<void> {
    const before = transport.onmessage;
    const connected = super.connect(transport);
    dispatchPlainRequests(this, transport, before);
    if (transport.onmessage !== before) this.#onConnect?.(transport);
    return connected;
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

function envelopeOf(ctx: ServerContext): Readonly<Record<string, unknown>> | undefined {
  return ctx.mcpReq.envelope as Readonly<Record<string, unknown>> | undefined;
}

function readCursor(params: unknown): string | undefined {
  if (typeof params !== 'object' || params === null) return undefined;
  const cursor = (params as Record<string, unknown>)['cursor'];
  if (cursor === undefined || cursor === null) return undefined;
  if (typeof cursor !== 'string')
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'Invalid cursor: it must be a string.');
  return cursor;
}

function sharedFor(handle: ToolServerHandle): HandleShared {
  let shared = sharedByHandle.get(handle);
  if (shared === undefined) {
    shared = { pages: new Map(), states: undefined, tasks: undefined };
    sharedByHandle.set(handle, shared);
  }
  return shared;
}

function pagesFor(handle: ToolServerHandle, pageSize: number | undefined): ToolPages {
  const bySize = sharedFor(handle).pages;
  const size = pageSize ?? 0;
  let pages = bySize.get(size);
  if (pages === undefined) {
    pages = new ToolPages(pageSize);
    bySize.set(size, pages);
  }
  return pages;
}

function statesFor(handle: ToolServerHandle, options: McpServerOptions): RequestStateCodec {
  if (options.requestStateSecret === undefined && options.requestStateTtlMs === undefined) {
    const shared = sharedFor(handle);
    return (shared.states ??= new RequestStateCodec(undefined));
  }
  let states = statesByOptions.get(options);
  if (states === undefined) {
    states = new RequestStateCodec(options.requestStateSecret, options.requestStateTtlMs);
    statesByOptions.set(options, states);
  }
  return states;
}

function tasksFor(handle: ToolServerHandle, options: McpServerOptions): TaskCalls {
  if (options.tasks === undefined && options.cluster === undefined) {
    const shared = sharedFor(handle);
    return (shared.tasks ??= new TaskCalls());
  }
  let tasks = tasksByOptions.get(options);
  if (tasks === undefined) {
    const store = options.tasks?.store ?? options.cluster?.tasks;
    tasks = new TaskCalls({ ...options.tasks, ...(store === undefined ? {} : { store }) });
    tasksByOptions.set(options, tasks);
  }
  return tasks;
}
