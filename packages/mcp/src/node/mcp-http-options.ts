import type { IncomingMessage } from 'node:http';
import type { McpServerOptions } from '../server/mcp-server-options';
import type { McpResumabilityOptions } from './mcp-event-store';

/** Options of the Streamable HTTP endpoint (`createMcpHttpHandler`, and `serveMcp` over HTTP). */
export interface McpHttpOptions extends McpServerOptions {
  /**
   * Host names (no port) accepted in the `Host` header; `'any'` turns the check off (only behind a
   * proxy that checks it). Default: `localhost`, `127.0.0.1`, `[::1]`, plus the bound address when
   * it is a specific non-loopback one.
   */
  readonly allowedHosts?: readonly string[] | 'any';
  /** Browser origins accepted besides those on an allowed host (e.g. `https://app.example.com`). */
  readonly allowedOrigins?: readonly string[];
  /**
   * Stateless mode: no sessions, a fresh server and transport per request (for horizontal scaling
   * behind a load balancer). No server-to-client requests outside a call, no `list_changed`.
   */
  readonly stateless?: boolean;
  /** Largest request body accepted, in bytes (default 4 MiB); larger is 413. */
  readonly maxBodyBytes?: number;
  /**
   * A request body must arrive whole within this many milliseconds of its headers (default
   * 10 000); later is 408 and the connection is closed (R17, F20).
   */
  readonly bodyTimeoutMs?: number;
  /**
   * Requests whose body is still arriving, at most (default 256). At the cap a new request makes
   * room by dropping the one that has waited longest (408, connection closed). They do not count
   * against `maxConcurrentRequests`, which starts once a body is whole.
   */
  readonly maxPendingBodies?: number;
  /**
   * Sessions held at once (default 256). At the cap a new session replaces the one idle longest
   * (no request in progress; its client gets 404 and initializes again); when every session has a
   * request in progress, the new one is refused with 503.
   */
  readonly maxSessions?: number;
  /**
   * This process's route behind a proxy: 2025-11-25 session ids it issues start with it and a
   * dot (`p1.<uuid>`), so the proxy can send each session to the process that holds it (see
   * docs/deployment.md for the nginx `map`). Letters, digits, `_` and `-`, at most 32. None by
   * default.
   */
  readonly sessionRoute?: string;
  /** A session with no request for this long is closed (default 30 minutes). */
  readonly sessionIdleMs?: number;
  /**
   * SSE resumability of 2025-11-25 sessions: every event gets an id, a client whose stream dropped
   * reconnects with `Last-Event-ID` and receives what it missed, and a tool may end its stream
   * mid-call (`McpSession.closeStream()`) so the client polls. On by default with an
   * `InMemoryEventStore`; `false` turns it off (no event ids, a dropped stream loses its call's
   * messages). Stateless mode and 2026-07-28 requests have no resumable streams.
   */
  readonly resumability?: McpResumabilityOptions | false;
  /**
   * POST requests processed at once across sessions, counted from a whole body to the end of the
   * response (default 2048); beyond that, 503 at once.
   */
  readonly maxConcurrentRequests?: number;
  /**
   * Decides whether a request may reach the server (after the Host/Origin check): return `false`
   * for 401. Required when listening on a non-loopback address (R13), unless
   * `allowUnauthenticated` says otherwise.
   */
  readonly authorize?: (request: IncomingMessage) => boolean | Promise<boolean>;
  /** Listen on a non-loopback address without `authorize` (a trusted network or a proxy that authenticates). */
  readonly allowUnauthenticated?: boolean;
}

/** Defaults of `McpHttpOptions`. */
export const HTTP_DEFAULTS = Object.freeze({
  maxBodyBytes: 4 * 1024 * 1024,
  maxSessions: 256,
  sessionIdleMs: 30 * 60 * 1000,
  maxConcurrentRequests: 2048,
  retryMs: 1000,
  resumeGraceMs: 3000,
  bodyTimeoutMs: 10_000,
  maxPendingBodies: 256,
});
