import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ConcurrencyLimiter } from '@toolwright/core';
import type { ToolServerHandle } from '@toolwright/registry';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, type McpHttpHandler as SdkHttpHandler } from '@modelcontextprotocol/server';
import { createWiredMcpServer, type WiredMcpServer } from '../server/create-mcp-server';
import {
  DEFAULT_MAX_IN_FLIGHT,
  DEFAULT_MAX_QUEUED,
  type McpServerOptions,
} from '../server/mcp-server-options';
import { createHostGuard, LOOPBACK_HOSTS } from './host-guard';
import { HTTP_DEFAULTS, type McpHttpOptions } from './mcp-http-options';
import { headerValue, isLegacyRequest } from './inbound-era';
import { InMemoryEventStore } from './in-memory-event-store';
import type { McpEventStore } from './mcp-event-store';
import { SessionEventStore } from './session-event-store';
import { SessionTransport } from './session-transport';
import { HEADER_MISMATCH, paramHeaderMismatch } from './param-headers';
import { PendingBodies } from './pending-bodies';
import { readJsonBody, type BodyLimits } from './read-json-body';

/** A Node `(request, response)` handler serving MCP over Streamable HTTP, for any HTTP server or framework. */
export interface McpHttpHandler {
  (request: IncomingMessage, response: ServerResponse): Promise<void>;
  /** Sessions open now. */
  readonly sessionCount: number;
  /** Tells clients that the resource at `uri` changed: subscribed sessions and listening streams. */
  resourceUpdated(uri: string): Promise<void>;
  /** Ends every session; later requests get 503. Idempotent. */
  close(): Promise<void>;
}

interface Session {
  readonly server: WiredMcpServer;
  readonly transport: SessionTransport;
  /** This session's view of the event store, when resumability is on. */
  readonly events: SessionEventStore | undefined;
  lastActive: number;
  active: number;
}

/**
 * The Streamable HTTP endpoint of a handle, for both protocol revisions: Host/Origin checked
 * before anything else (403), an optional `authorize` hook (401), bodies capped (413) and read
 * once (the arguments text kept, R16). A request carrying the 2026-07-28 envelope is served
 * statelessly by the SDK's per-request entry (a fresh server per request, `server/discover`,
 * header validation, `subscriptions/listen`); everything else is 2025-11-25 with one server and
 * transport per session (so sessions never share JSON-RPC ids — F19), sessions capped and expired
 * when idle. One concurrency limiter bounds calls across both (F16). Mount it at your MCP path;
 * `serveMcp` does so at `/mcp`.
 */
export function createMcpHttpHandler(handle: ToolServerHandle, options: McpHttpOptions = {}): McpHttpHandler {
  const endpoint = new McpHttpEndpoint(handle, options);
  const handler = ((request: IncomingMessage, response: ServerResponse) =>
    endpoint.handle(request, response)) as McpHttpHandler;
  Object.defineProperty(handler, 'sessionCount', { get: () => endpoint.sessionCount });
  Object.defineProperty(handler, 'close', { value: () => endpoint.close() });
  Object.defineProperty(handler, 'resourceUpdated', {
    value: (uri: string) => endpoint.resourceUpdated(uri),
  });
  return handler;
}

class McpHttpEndpoint {
  readonly #sessions = new Map<string, Session>();
  readonly #serverOptions: McpServerOptions;
  readonly #guard: (request: IncomingMessage) => string | undefined;
  readonly #maxBodyBytes: number;
  readonly #bodyLimits: BodyLimits;
  readonly #maxSessions: number;
  readonly #idleMs: number;
  readonly #maxRequests: number;
  readonly #modern: SdkHttpHandler;
  readonly #serveModern: ReturnType<typeof toNodeHandler>;
  readonly #unsubscribe: () => void;
  readonly #eventStore: McpEventStore | undefined;
  readonly #resumeGraceMs: number;
  readonly #retryMs: number;
  #pendingRequests = 0;
  #closed = false;
  #sweeper: NodeJS.Timeout | undefined;

  constructor(
    private readonly tools: ToolServerHandle,
    private readonly options: McpHttpOptions,
  ) {
    const limiter =
      options.limiter ??
      new ConcurrencyLimiter({
        maxConcurrent: options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT,
        maxQueue: options.maxQueued ?? DEFAULT_MAX_QUEUED,
      });
    this.#serverOptions = { ...options, limiter };
    this.#guard = createHostGuard({
      allowedHosts: options.allowedHosts ?? LOOPBACK_HOSTS,
      allowedOrigins: options.allowedOrigins ?? [],
    });
    if (options.sessionRoute !== undefined && !/^[A-Za-z0-9_-]{1,32}$/.test(options.sessionRoute)) {
      throw new RangeError(
        `sessionRoute must be 1 to 32 letters, digits, "_" or "-", not ${JSON.stringify(options.sessionRoute)}.`,
      );
    }
    this.#maxBodyBytes = options.maxBodyBytes ?? HTTP_DEFAULTS.maxBodyBytes;
    this.#maxSessions = options.maxSessions ?? HTTP_DEFAULTS.maxSessions;
    this.#idleMs = options.sessionIdleMs ?? HTTP_DEFAULTS.sessionIdleMs;
    this.#maxRequests = options.maxConcurrentRequests ?? HTTP_DEFAULTS.maxConcurrentRequests;
    const resumability = options.resumability ?? {};
    this.#eventStore =
      resumability === false || options.stateless === true
        ? undefined
        : (resumability.eventStore ?? new InMemoryEventStore());
    this.#retryMs = (resumability === false ? undefined : resumability.retryMs) ?? HTTP_DEFAULTS.retryMs;
    // Three retry intervals: a client told to reconnect after `retryMs` has slack to do so.
    this.#resumeGraceMs =
      (resumability === false ? undefined : resumability.resumeGraceMs) ??
      (resumability !== false && resumability.retryMs !== undefined
        ? 3 * this.#retryMs
        : HTTP_DEFAULTS.resumeGraceMs);
    this.#bodyLimits = {
      maxBytes: this.#maxBodyBytes,
      timeoutMs: positive(options.bodyTimeoutMs, HTTP_DEFAULTS.bodyTimeoutMs, 'bodyTimeoutMs'),
      pending: new PendingBodies(
        positive(options.maxPendingBodies, HTTP_DEFAULTS.maxPendingBodies, 'maxPendingBodies'),
      ),
    };
    const serverOptions = this.#serverOptions;
    this.#modern = createMcpHandler(
      () => createWiredMcpServer(tools, serverOptions, { followChanges: false }),
      {
        legacy: 'reject',
        maxRequestBodySize: this.#maxBodyBytes,
        onerror: (error) => this.#report(error),
      },
    );
    this.#serveModern = toNodeHandler(this.#modern, {
      maxRequestBodySize: this.#maxBodyBytes,
      onerror: (error) => this.#report(error),
    });
    // 2026-07-28 clients hear of changes on their `subscriptions/listen` streams; the other
    // processes of a cluster are told, and what they publish reaches this process's clients.
    const events = options.cluster?.events;
    const unsubscribeLocal = tools.onChange(() => {
      this.#toolsChanged(false);
      if (events !== undefined)
        events.publish({ type: 'tools_changed' }).catch((error: unknown) => this.#report(error));
    });
    const unsubscribeRemote = events?.subscribe((event) => {
      if (this.#closed) return;
      if (event.type === 'tools_changed') this.#toolsChanged(true);
      else void this.#resourceUpdatedHere(event.uri);
    });
    this.#unsubscribe = () => {
      unsubscribeLocal();
      unsubscribeRemote?.();
    };
  }

  /** Tells this process's clients that the tool list changed (sessions follow local changes themselves). */
  #toolsChanged(remote: boolean): void {
    void Promise.resolve(this.#modern.notify.toolsChanged()).catch((error: unknown) => this.#report(error));
    if (!remote) return;
    for (const session of this.#sessions.values()) {
      session.server.sendToolListChanged().catch((error: unknown) => this.#report(error));
    }
  }

  get sessionCount(): number {
    return this.#sessions.size;
  }

  async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    try {
      if (this.#closed) return reply(response, 503, -32000, 'The MCP server is shutting down.');
      const rejected = this.#guard(request);
      if (rejected !== undefined) {
        request.resume();
        return reply(response, 403, -32000, `Forbidden: ${rejected}`);
      }
      if (this.options.authorize !== undefined && !(await this.options.authorize(request))) {
        request.resume();
        return reply(response, 401, -32000, 'Unauthorized.');
      }
      switch (request.method) {
        case 'POST':
          return await this.#post(request, response);
        case 'GET':
        case 'DELETE':
          return await this.#sessionRequest(request, response);
        default:
          request.resume();
          response.setHeader('Allow', this.options.stateless === true ? 'POST' : 'GET, POST, DELETE');
          return reply(response, 405, -32000, 'Method not allowed.');
      }
    } catch (error) {
      this.#report(error);
      if (!response.headersSent) reply(response, 500, -32603, 'Internal server error.');
      else response.end();
    }
  }

  async resourceUpdated(uri: string): Promise<void> {
    const events = this.options.cluster?.events;
    await Promise.all([
      this.#resourceUpdatedHere(uri),
      events?.publish({ type: 'resource_updated', uri }).catch((error: unknown) => this.#report(error)),
    ]);
  }

  async #resourceUpdatedHere(uri: string): Promise<void> {
    await Promise.all([
      ...[...this.#sessions.values()].map((session) => session.server.resourceUpdated(uri)),
      Promise.resolve(this.#modern.notify.resourceUpdated(uri)).catch((error: unknown) =>
        this.#report(error),
      ),
    ]);
  }

  async close(): Promise<void> {
    if (!this.#closed) this.#unsubscribe();
    this.#closed = true;
    if (this.#sweeper !== undefined) clearInterval(this.#sweeper);
    this.#sweeper = undefined;
    const sessions = [...this.#sessions.values()];
    this.#sessions.clear();
    await Promise.all([...sessions.map((session) => this.#closeSession(session)), this.#modern.close()]);
  }

  async #post(request: IncomingMessage, response: ServerResponse): Promise<void> {
    // The body is read first, under its own deadline and cap (F20): a request counts as in
    // progress only once it is whole, so stalled uploads cannot fill the in-flight cap.
    const body = await readJsonBody(request, this.#bodyLimits);
    if (!body.ok) {
      if (body.closeConnection === true) closeAfterReply(request, response);
      return reply(response, body.status, body.code, body.message);
    }
    if (this.#pendingRequests >= this.#maxRequests) {
      response.setHeader('Retry-After', '1');
      return reply(response, 503, -32000, 'Too many requests in progress; retry shortly.');
    }
    this.#pendingRequests += 1;
    response.once('close', () => {
      this.#pendingRequests -= 1;
    });
    if (!isLegacyRequest(request, body.value)) {
      const mismatch = paramHeaderMismatch(this.tools, body.value, request.headers);
      if (mismatch !== undefined)
        return reply(response, 400, HEADER_MISMATCH, `Header mismatch: ${mismatch}.`, requestId(body.value));
      return await this.#serveModern(request, response, body.value);
    }
    if (this.options.stateless === true) return await this.#stateless(request, response, body.value);
    const sessionId = headerValue(request.headers['mcp-session-id']);
    if (sessionId === undefined) {
      if (!isInitializeRequest(body.value)) {
        return reply(response, 400, -32000, 'Bad Request: no Mcp-Session-Id header; initialize first.');
      }
      return await this.#initialize(request, response, body.value);
    }
    const session = this.#sessions.get(sessionId);
    if (session === undefined) return reply(response, 404, -32001, 'Session not found.');
    await this.#forward(session, request, response, body.value);
  }

  async #sessionRequest(request: IncomingMessage, response: ServerResponse): Promise<void> {
    request.resume();
    if (this.options.stateless === true) {
      response.setHeader('Allow', 'POST');
      return reply(response, 405, -32000, 'Method not allowed: this server is stateless.');
    }
    const sessionId = headerValue(request.headers['mcp-session-id']);
    if (sessionId === undefined)
      return reply(response, 400, -32000, 'Bad Request: no Mcp-Session-Id header.');
    const session = this.#sessions.get(sessionId);
    if (session === undefined) return reply(response, 404, -32001, 'Session not found.');
    const lastEventId = headerValue(request.headers['last-event-id']);
    if (request.method === 'GET' && lastEventId !== undefined && session.events !== undefined) {
      const known = await session.events.getStreamIdForEventId(lastEventId).catch((error: unknown) => {
        this.#report(error);
        return undefined;
      });
      if (known === undefined) return reply(response, 400, -32000, UNKNOWN_EVENT);
    }
    await this.#forward(session, request, response, undefined);
  }

  async #forward(
    session: Session,
    request: IncomingMessage,
    response: ServerResponse,
    body: unknown,
  ): Promise<void> {
    session.lastActive = Date.now();
    session.active += 1;
    const settle = (): void => {
      session.active -= 1;
      session.lastActive = Date.now();
    };
    // GET holds an SSE stream open for the session's lifetime: it does not keep the session alive.
    if (request.method === 'GET') settle();
    else response.once('close', settle);
    await session.transport.handleRequest(request, response, body);
  }

  async #initialize(request: IncomingMessage, response: ServerResponse, body: unknown): Promise<void> {
    if (this.#sessions.size >= this.#maxSessions && !this.#evictIdlest()) {
      response.setHeader('Retry-After', '5');
      return reply(response, 503, -32000, 'Too many MCP sessions are open; retry later.');
    }
    // The id is drawn first so the session's event store can be scoped to it.
    const route = this.options.sessionRoute;
    const sessionId = route === undefined ? randomUUID() : `${route}.${randomUUID()}`;
    const events =
      this.#eventStore === undefined ? undefined : new SessionEventStore(this.#eventStore, sessionId);
    const server = createWiredMcpServer(this.tools, this.#serverOptions, {
      ...(events === undefined
        ? {}
        : {
            resumable: {
              graceMs: this.#resumeGraceMs,
              resumedSince: (since: number) => events.lastResumeAt >= since,
            },
          }),
    });
    const transport: SessionTransport = new SessionTransport({
      sessionId,
      onInitialized: (id) => {
        this.#sessions.set(id, { server, transport, events, lastActive: Date.now(), active: 0 });
        this.#startSweeper();
      },
      ...(events === undefined ? {} : { eventStore: events, retryMs: this.#retryMs }),
    });
    transport.onclose = () => {
      const id = transport.sessionId;
      if (id !== undefined && this.#sessions.get(id)?.transport === transport) this.#sessions.delete(id);
      void events?.forget();
      void server.close().catch((error: unknown) => this.#report(error));
    };
    await server.connect(transport);
    await transport.handleRequest(request, response, body);
    // An initialize the transport refused never made a session: nothing may stay behind.
    if (transport.sessionId === undefined || !this.#sessions.has(transport.sessionId)) {
      await this.#closeSession({ server, transport, events, lastActive: 0, active: 0 });
    }
  }

  async #stateless(request: IncomingMessage, response: ServerResponse, body: unknown): Promise<void> {
    const server = createWiredMcpServer(this.tools, this.#serverOptions, { followChanges: false });
    const transport = new SessionTransport({ sessionId: undefined });
    response.once(
      'close',
      () => void this.#closeSession({ server, transport, events: undefined, lastActive: 0, active: 0 }),
    );
    await server.connect(transport);
    await transport.handleRequest(request, response, body);
  }

  async #closeSession(session: Session): Promise<void> {
    try {
      await session.transport.close();
      await session.server.close();
    } catch (error) {
      this.#report(error);
    }
  }

  // At the session cap, the session idle longest (no request in progress) makes room for a new
  // one: sessions a departed client never deleted must not lock everyone out until they expire.
  // Its client, if it comes back, gets 404 and initializes again, as the protocol has it.
  #evictIdlest(): boolean {
    let idlest: [string, Session] | undefined;
    for (const entry of this.#sessions) {
      if (entry[1].active === 0 && (idlest === undefined || entry[1].lastActive < idlest[1].lastActive))
        idlest = entry;
    }
    if (idlest === undefined) return false;
    this.#sessions.delete(idlest[0]);
    void this.#closeSession(idlest[1]);
    return true;
  }

  #startSweeper(): void {
    if (this.#sweeper !== undefined || this.#closed) return;
    const interval = Math.max(1000, Math.min(60_000, Math.floor(this.#idleMs / 2)));
    this.#sweeper = setInterval(() => this.#sweep(), interval);
    this.#sweeper.unref();
  }

  #sweep(): void {
    const cutoff = Date.now() - this.#idleMs;
    for (const [id, session] of this.#sessions) {
      if (session.active === 0 && session.lastActive < cutoff) {
        this.#sessions.delete(id);
        void this.#closeSession(session);
      }
    }
    if (this.#sessions.size === 0 && this.#sweeper !== undefined) {
      clearInterval(this.#sweeper);
      this.#sweeper = undefined;
    }
  }

  #report(error: unknown): void {
    try {
      this.options.onError?.(error);
    } catch {
      // The host's logger failing must not break the endpoint.
    }
  }
}

const UNKNOWN_EVENT =
  'Cannot resume the stream: the event in Last-Event-ID is not held for this session (its stream ' +
  'ended long ago, or the event store forgot it to stay within its bounds). Send the request again.';

function reply(
  response: ServerResponse,
  status: number,
  code: number,
  message: string,
  id: string | number | null = null,
): void {
  if (response.headersSent) {
    response.end();
    return;
  }
  response.statusCode = status;
  response.setHeader('Content-Type', 'application/json');
  response.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id }));
}

// A connection whose request body was not read to its end cannot carry another request.
function closeAfterReply(request: IncomingMessage, response: ServerResponse): void {
  if (!response.headersSent) response.setHeader('Connection', 'close');
  response.once('finish', () => request.socket.destroy());
}

function positive(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value <= 0) {
    throw new RangeError(`${name} must be a positive number, not ${String(value)}.`);
  }
  return value;
}

// The id of a single request, for an error answered before the SDK sees it.
function requestId(body: unknown): string | number | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const id = (body as Record<string, unknown>)['id'];
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

function isInitializeRequest(body: unknown): boolean {
  const isInitialize = (message: unknown): boolean =>
    typeof message === 'object' &&
    message !== null &&
    (message as Record<string, unknown>)['method'] === 'initialize' &&
    'id' in message;
  return Array.isArray(body) ? body.some(isInitialize) : isInitialize(body);
}
