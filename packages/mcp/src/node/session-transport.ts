import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  DEFAULT_NEGOTIATED_PROTOCOL_VERSION,
  isInitializeRequest,
  isJSONRPCErrorResponse,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  parseJSONRPCMessage,
  SUPPORTED_PROTOCOL_VERSIONS,
  type AuthInfo,
  type EventStore,
  type JSONRPCMessage,
  type MessageExtraInfo,
  type RequestId,
  type Transport,
  type TransportSendOptions,
} from '@modelcontextprotocol/server';
import { isPlainRequest } from '../server/inbound-requests';
import { incomingRequest } from './incoming-request';

/** How a session's transport is set up. */
export interface SessionTransportOptions {
  /** The id the session gets when its `initialize` arrives; undefined: stateless (one request). */
  readonly sessionId: string | undefined;
  /** Called once the `initialize` request made the session. */
  readonly onInitialized?: (sessionId: string) => void;
  /** Where events go so a client can resume a stream with `Last-Event-ID`; none: not resumable. */
  readonly eventStore?: EventStore;
  /** The `retry` (ms) the priming event of a resumable stream tells the client. */
  readonly retryMs?: number;
  /** A comment line on every open stream this often, so idle streams survive proxies (default 15 000). */
  readonly keepAliveMs?: number;
}

/** Batches of more messages are refused, as the SDK's own transport does. */
const MAX_BATCH_SIZE = 100;
const STANDALONE_STREAM = '_GET_stream';
const SSE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'text/event-stream',
  'Cache-Control': 'no-cache, no-transform',
  Connection: 'keep-alive',
  'X-Accel-Buffering': 'no',
};

/** One open response stream: a POST's, the standalone GET's, or a resumed one. */
interface Stream {
  readonly response: ServerResponse;
  /** Events a resumption replayed already: not written twice. */
  readonly replayed: ReadonlySet<string> | undefined;
}

/**
 * The 2025-11-25 Streamable HTTP transport of one session, on node:http directly: the SDK's
 * `NodeStreamableHTTPServerTransport` semantics (status codes, messages, SSE framing, priming
 * events, resumption, the standalone stream, batches), without turning each request into a web
 * `Request` and each response into a web stream and back. That round trip (a `ReadableStream`,
 * a `Response`, `Headers`, an `AbortController` and the adapter's bookkeeping per POST) cost more
 * than the server's own handling of a `tools/call` did. The endpoint has read and parsed the body.
 */
export class SessionTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;
  sessionId: string | undefined;

  readonly #options: SessionTransportOptions;
  #supportedVersions: readonly string[] = SUPPORTED_PROTOCOL_VERSIONS;
  #started = false;
  #initialized = false;
  #closed = false;
  #usedStateless = false;
  readonly #streams = new Map<string, Stream>();
  // Request id → its stream's id, until answered; and per stream, its requests not yet answered.
  readonly #requestStream = new Map<RequestId, string>();
  readonly #unanswered = new Map<string, Set<RequestId>>();
  #keepAlive: NodeJS.Timeout | undefined;

  constructor(options: SessionTransportOptions) {
    this.#options = options;
  }

  start(): Promise<void> {
    if (this.#started) return Promise.reject(new Error('Transport already started'));
    this.#started = true;
    return Promise.resolve();
  }

  setSupportedProtocolVersions(versions: string[]): void {
    this.#supportedVersions = versions;
  }

  /** Serves one HTTP request of this session: POST (with its parsed body), GET or DELETE. */
  async handleRequest(request: IncomingMessage, response: ServerResponse, body?: unknown): Promise<void> {
    if (this.#closed) return this.#refuse(response, 404, -32001, 'Session not found');
    if (this.#options.sessionId === undefined) {
      if (this.#usedStateless)
        throw new Error('A stateless transport serves one request; create one per request.');
      this.#usedStateless = true;
    }
    switch (request.method) {
      case 'POST':
        return this.#post(request, response, body);
      case 'GET':
        return this.#get(request, response);
      case 'DELETE':
        return this.#delete(request, response);
      default:
        response.setHeader('Allow', 'GET, POST, DELETE');
        return this.#refuse(response, 405, -32000, 'Method not allowed.');
    }
  }

  async #post(request: IncomingMessage, response: ServerResponse, body: unknown): Promise<void> {
    const accept = request.headers.accept;
    if (accept === undefined || !accept.includes('application/json') || !accept.includes('text/event-stream'))
      return this.#refuse(
        response,
        406,
        -32000,
        'Not Acceptable: Client must accept both application/json and text/event-stream',
      );
    if (!isJsonContentType(request.headers['content-type']))
      return this.#refuse(
        response,
        415,
        -32000,
        'Unsupported Media Type: Content-Type must be application/json',
      );
    if (Array.isArray(body) && body.length > MAX_BATCH_SIZE)
      return this.#refuse(
        response,
        400,
        -32600,
        `Invalid Request: Batch must not exceed ${MAX_BATCH_SIZE} messages`,
      );
    let messages: JSONRPCMessage[];
    try {
      messages = Array.isArray(body) ? body.map(toMessage) : [toMessage(body)];
    } catch {
      return this.#refuse(response, 400, -32700, 'Parse error: Invalid JSON-RPC message');
    }
    const initialize = messages.find((message) => isInitializeRequest(message));
    if (initialize !== undefined) {
      if (this.#initialized && this.sessionId !== undefined)
        return this.#refuse(response, 400, -32600, 'Invalid Request: Server already initialized');
      if (messages.length > 1)
        return this.#refuse(
          response,
          400,
          -32600,
          'Invalid Request: Only one initialization request is allowed',
        );
      this.sessionId = this.#options.sessionId;
      this.#initialized = true;
      if (this.sessionId !== undefined) this.#options.onInitialized?.(this.sessionId);
    } else if (!this.#validSession(request, response) || !this.#validVersion(request, response)) return;
    if (this.#closed) return this.#refuse(response, 404, -32001, 'Session not found');
    const http = incomingRequest(request, response);
    const authInfo = (request as { auth?: AuthInfo }).auth;
    const requests = messages.filter((message) => isRequest(message));
    if (requests.length === 0) {
      for (const message of messages) this.onmessage?.(message, { authInfo, request: http });
      response.writeHead(202).end();
      return;
    }
    const version =
      initialize !== undefined
        ? String((initialize as { params?: { protocolVersion?: unknown } }).params?.protocolVersion)
        : (headerOf(request, 'mcp-protocol-version') ?? DEFAULT_NEGOTIATED_PROTOCOL_VERSION);
    const streamId = randomUUID();
    const stream: Stream = { response, replayed: undefined };
    this.#writeSseHead(response);
    this.#open(streamId, stream);
    const unanswered = new Set<RequestId>();
    for (const message of requests) {
      const id = (message as { id: RequestId }).id;
      this.#requestStream.set(id, streamId);
      unanswered.add(id);
    }
    this.#unanswered.set(streamId, unanswered);
    const resumable = this.#options.eventStore !== undefined && this.#emptyDataSupported(version);
    if (resumable) {
      try {
        await this.#writePriming(streamId, stream);
      } catch (error) {
        // The event store failed: nothing of this POST was dispatched, and nothing of it stays.
        for (const id of unanswered) this.#requestStream.delete(id);
        this.#unanswered.delete(streamId);
        this.#streams.delete(streamId);
        this.#report(error);
        if (!response.headersSent) for (const name in SSE_HEADERS) response.removeHeader(name);
        return this.#refuse(response, 500, -32603, 'Internal server error: the event store failed.');
      }
    }
    // Otherwise the headers wait for the first event of this turn, and go out by themselves after.
    else setImmediate(() => flushHeaders(response));
    for (const message of messages) {
      const extra: MessageExtraInfo = { authInfo, request: http };
      if (resumable && isRequest(message)) {
        const id = (message as { id: RequestId }).id;
        extra.closeSSEStream = () => this.closeSSEStream(id);
        extra.closeStandaloneSSEStream = () => this.closeStandaloneSSEStream();
      }
      this.onmessage?.(message, extra);
    }
  }

  async #get(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.headers.accept?.includes('text/event-stream') !== true)
      return this.#refuse(response, 406, -32000, 'Not Acceptable: Client must accept text/event-stream');
    if (!this.#validSession(request, response) || !this.#validVersion(request, response)) return;
    const lastEventId = headerOf(request, 'last-event-id');
    if (this.#options.eventStore !== undefined && lastEventId !== undefined)
      return this.#resume(this.#options.eventStore, lastEventId, response);
    if (this.#streams.has(STANDALONE_STREAM))
      return this.#refuse(response, 409, -32000, 'Conflict: Only one SSE stream is allowed per session');
    this.#writeSseHead(response);
    response.flushHeaders();
    this.#open(STANDALONE_STREAM, { response, replayed: undefined });
  }

  async #resume(store: EventStore, lastEventId: string, response: ServerResponse): Promise<void> {
    try {
      if (store.getStreamIdForEventId !== undefined) {
        const known = await store.getStreamIdForEventId(lastEventId);
        if (known === undefined) return this.#refuse(response, 400, -32000, 'Invalid event ID format');
        if (this.#streams.has(known))
          return this.#refuse(response, 409, -32000, 'Conflict: Stream already has an active connection');
      }
      this.#writeSseHead(response);
      const replayed = new Set<string>();
      const streamId = await store.replayEventsAfter(lastEventId, {
        send: (eventId, message) => {
          replayed.add(eventId);
          writeEvent(response, message, eventId);
          return Promise.resolve();
        },
      });
      if (this.#closed || response.destroyed) {
        response.end();
        return;
      }
      this.#streams.get(streamId)?.response.end();
      this.#streams.delete(streamId);
      if (streamId !== STANDALONE_STREAM && this.#unanswered.get(streamId) === undefined) {
        // Every request of that stream was answered already: the replay was all there was.
        response.end();
        return;
      }
      flushHeaders(response);
      this.#open(streamId, { response, replayed });
    } catch (error) {
      this.#report(error);
      if (!response.headersSent) return this.#refuse(response, 500, -32000, 'Error replaying events');
      response.end();
    }
  }

  async #delete(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (!this.#validSession(request, response) || !this.#validVersion(request, response)) return;
    response.writeHead(200).end();
    await this.close();
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const isResponse = isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message);
    const requestId = isResponse ? (message as { id: RequestId }).id : options?.relatedRequestId;
    const store = this.#options.eventStore;
    if (requestId === undefined) {
      if (isResponse)
        throw new Error(
          'Cannot send a response on a standalone SSE stream unless resuming a previous client request',
        );
      const eventId = store === undefined ? undefined : await store.storeEvent(STANDALONE_STREAM, message);
      const standalone = this.#streams.get(STANDALONE_STREAM);
      if (standalone !== undefined && (eventId === undefined || standalone.replayed?.has(eventId) !== true))
        writeEvent(standalone.response, message, eventId);
      return;
    }
    const streamId = this.#requestStream.get(requestId);
    if (streamId === undefined)
      throw new Error(`No connection established for request ID: ${String(requestId)}`);
    const eventId = store === undefined ? undefined : await store.storeEvent(streamId, message);
    const stream = this.#streams.get(streamId);
    if (stream !== undefined && (eventId === undefined || stream.replayed?.has(eventId) !== true))
      writeEvent(stream.response, message, eventId);
    if (!isResponse) return;
    this.#requestStream.delete(requestId);
    const unanswered = this.#unanswered.get(streamId);
    unanswered?.delete(requestId);
    if (unanswered !== undefined && unanswered.size > 0) return;
    this.#unanswered.delete(streamId);
    if (stream !== undefined) this.#end(streamId, stream);
    else if (store === undefined)
      this.#report(
        new Error(
          `Response for request ID ${String(requestId)} is undeliverable: per-request stream is disconnected and no eventStore is configured`,
        ),
      );
  }

  /** Ends the stream of request `requestId` (the client resumes it after the priming event's `retry`). */
  closeSSEStream(requestId: RequestId): void {
    const streamId = this.#requestStream.get(requestId);
    const stream = streamId === undefined ? undefined : this.#streams.get(streamId);
    if (stream !== undefined) this.#end(streamId!, stream);
  }

  /** Ends the standalone GET stream (the client opens it again). */
  closeStandaloneSSEStream(): void {
    const stream = this.#streams.get(STANDALONE_STREAM);
    if (stream !== undefined) this.#end(STANDALONE_STREAM, stream);
  }

  close(): Promise<void> {
    if (this.#closed) return Promise.resolve();
    this.#closed = true;
    for (const stream of this.#streams.values()) stream.response.end();
    this.#streams.clear();
    this.#requestStream.clear();
    this.#unanswered.clear();
    if (this.#keepAlive !== undefined) clearInterval(this.#keepAlive);
    this.#keepAlive = undefined;
    this.onclose?.();
    return Promise.resolve();
  }

  #open(streamId: string, stream: Stream): void {
    this.#streams.set(streamId, stream);
    stream.response.once('close', () => {
      if (this.#streams.get(streamId) === stream) this.#streams.delete(streamId);
    });
    this.#armKeepAlive();
  }

  #end(streamId: string, stream: Stream): void {
    if (this.#streams.get(streamId) === stream) this.#streams.delete(streamId);
    stream.response.end();
  }

  // One timer per session while it has open streams, not one per stream.
  #armKeepAlive(): void {
    const every = this.#options.keepAliveMs ?? DEFAULT_KEEP_ALIVE_MS;
    if (this.#keepAlive !== undefined || this.#closed || !Number.isFinite(every) || every < 1) return;
    this.#keepAlive = setInterval(
      () => {
        if (this.#streams.size === 0) {
          clearInterval(this.#keepAlive);
          this.#keepAlive = undefined;
          return;
        }
        for (const stream of this.#streams.values()) {
          flushHeaders(stream.response);
          stream.response.write(': keepalive\n\n');
        }
      },
      Math.min(every, 2 ** 31 - 1),
    );
    this.#keepAlive.unref();
  }

  async #writePriming(streamId: string, stream: Stream): Promise<void> {
    const eventId = await this.#options.eventStore!.storeEvent(streamId, {} as JSONRPCMessage);
    const retry = this.#options.retryMs === undefined ? '' : `retry: ${this.#options.retryMs}\n`;
    stream.response.write(`id: ${eventId}\n${retry}data: \n\n`);
  }

  #writeSseHead(response: ServerResponse): void {
    if (response.headersSent) return;
    response.statusCode = 200;
    for (const name in SSE_HEADERS) response.setHeader(name, SSE_HEADERS[name]!);
    if (this.sessionId !== undefined) response.setHeader('mcp-session-id', this.sessionId);
  }

  // Empty `data:` lines in priming events arrived with 2025-11-25; an unknown version gets none.
  #emptyDataSupported(version: string): boolean {
    return this.#supportedVersions.includes(version) && version >= '2025-11-25';
  }

  #validSession(request: IncomingMessage, response: ServerResponse): boolean {
    if (this.#options.sessionId === undefined) return true;
    if (!this.#initialized) {
      this.#refuse(response, 400, -32000, 'Bad Request: Server not initialized');
      return false;
    }
    const sessionId = headerOf(request, 'mcp-session-id');
    if (sessionId === undefined) {
      this.#refuse(response, 400, -32000, 'Bad Request: Mcp-Session-Id header is required');
      return false;
    }
    if (sessionId !== this.sessionId) {
      this.#refuse(response, 404, -32001, 'Session not found');
      return false;
    }
    return true;
  }

  #validVersion(request: IncomingMessage, response: ServerResponse): boolean {
    // Present but empty is a version too, and not a supported one.
    const version = request.headers['mcp-protocol-version'];
    if (typeof version !== 'string' || this.#supportedVersions.includes(version)) return true;
    this.#refuse(
      response,
      400,
      -32000,
      `Bad Request: Unsupported protocol version: ${version} (supported versions: ${this.#supportedVersions.join(', ')})`,
    );
    return false;
  }

  // A refusal is the client's error; the server's onerror hears of it as the SDK's transport has it.
  #refuse(response: ServerResponse, status: number, code: number, message: string): void {
    this.#report(new Error(message));
    if (response.headersSent) {
      response.end();
      return;
    }
    response.statusCode = status;
    response.setHeader('Content-Type', 'application/json');
    response.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
  }

  #report(error: unknown): void {
    this.onerror?.(error instanceof Error ? error : new Error(String(error)));
  }
}

/** The SDK's keep-alive interval for SSE streams. */
const DEFAULT_KEEP_ALIVE_MS = 15_000;

// A plain request (most of them) is what the SDK's schema would return unchanged; anything else
// is checked by that schema (which throws on a message that is none of JSON-RPC's four kinds).
function toMessage(value: unknown): JSONRPCMessage {
  return isPlainRequest(value) ? (value as JSONRPCMessage) : parseJSONRPCMessage(value);
}

function isRequest(message: JSONRPCMessage): boolean {
  return isPlainRequest(message) || isJSONRPCRequest(message);
}

function writeEvent(response: ServerResponse, message: JSONRPCMessage, eventId: string | undefined): void {
  // Never after the end: node:http would raise that as an 'error' nobody listens for.
  if (response.writableEnded || response.destroyed) return;
  const id = eventId === undefined ? '' : `id: ${eventId}\n`;
  response.write(`event: message\n${id}data: ${JSON.stringify(message)}\n\n`);
}

function flushHeaders(response: ServerResponse): void {
  if (!response.headersSent && !response.writableEnded && !response.destroyed) response.flushHeaders();
}

function headerOf(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined || first === '' ? undefined : first;
}

function isJsonContentType(header: string | undefined): boolean {
  if (header === undefined) return false;
  if (header === 'application/json') return true;
  const semicolon = header.indexOf(';');
  return (semicolon === -1 ? header : header.slice(0, semicolon)).trim().toLowerCase() === 'application/json';
}
