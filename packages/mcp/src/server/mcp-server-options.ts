import type { ConcurrencyLimiter, ExtensionEntry } from '@toolwright/core';
import type { AuthInfo, CacheScope } from '@modelcontextprotocol/server';
import type { McpCluster } from '../cluster/mcp-cluster';
import type { McpTaskOptions } from './tasks/task-calls';
import type { McpTelemetry } from '../telemetry/mcp-telemetry';

/** What the host learns about one `tools/call` when it builds the call's context values. */
export interface McpCallInfo {
  readonly toolName: string;
  /** The transport session, when there is one (Streamable HTTP under 2025-11-25). */
  readonly sessionId: string | undefined;
  /** What an auth middleware attached to the HTTP request (`req.auth`), if any. */
  readonly authInfo: AuthInfo | undefined;
  /** The HTTP request (a web `Request`: headers, URL), over Streamable HTTP. */
  readonly request: Request | undefined;
  /** The protocol revision of the call. */
  readonly protocolVersion: string | undefined;
}

/** Options of `createMcpServer` (and of `serveMcp`, which passes them on). */
export interface McpServerOptions {
  /** The server name clients see (default `toolwright`). */
  readonly name?: string;
  /** The server version clients see (default the package version). */
  readonly version?: string;
  /** Instructions for the client's model. */
  readonly instructions?: string;
  /** Tools per `tools/list` page (default 1000). */
  readonly pageSize?: number;
  /**
   * How long a 2026-07-28 client may keep a `tools/list` answer (`ttlMs`, default 0: ask again
   * each time) and who may share it (`cacheScope`, default `private`).
   */
  readonly listCache?: { readonly ttlMs?: number; readonly cacheScope?: CacheScope };
  /**
   * Bounds `tools/call` in flight (F16). Pass one limiter to several servers (one per session) to
   * bound them together; `serveMcp` does. Default: a limiter of `maxInFlight` and `maxQueued`.
   */
  readonly limiter?: ConcurrencyLimiter;
  /** Calls allowed to run at once when no `limiter` is given (default 64). */
  readonly maxInFlight?: number;
  /** Calls allowed to wait for a slot when no `limiter` is given (default 256); beyond that, `concurrency_limited` at once. */
  readonly maxQueued?: number;
  /**
   * The key that signs the request state of 2026-07-28 input rounds (R21), at least 16 bytes.
   * Default: a random key per handle, which is right for one process; give every replica behind
   * a load balancer the same key.
   */
  readonly requestStateSecret?: Uint8Array | string;
  /** How long a request state stays valid (default 30 minutes). */
  readonly requestStateTtlMs?: number;
  /**
   * Tools declared with `task` run as MCP tasks for 2026-07-28 clients that declare the tasks
   * extension: where their state lives (`store`, default in memory, per handle) and their
   * `ttlMs`, `pollIntervalMs` and `leaseMs`. See docs/tasks.md.
   */
  readonly tasks?: McpTaskOptions;
  /**
   * What this process shares with the other processes of a deployment: task state (unless
   * `tasks.store` is given) and a cluster-wide concurrency limit taken after `limiter` (a full
   * cluster refuses with `concurrency_limited`; a limit that cannot be reached admits on this
   * process's bound alone and reports to `onError`). None by default: one process.
   */
  readonly cluster?: McpCluster;
  /**
   * Host values for a call's context bag (auth, tenant, trace), read by tools with `ctx.get(token)`.
   * They are never sent to the client and are scrubbed from model-visible error text.
   */
  readonly context?: (call: McpCallInfo) => Iterable<ExtensionEntry> | undefined;
  /**
   * Spans and metrics for every request the server answers, with the client's trace context read
   * from `params._meta` (`mcpTelemetry()` of `@toolwright/otel`; see docs/telemetry.md). None by default.
   */
  readonly telemetry?: McpTelemetry;
  /** Receives what the host should log: transport errors, a broken `context` function. Never shown to clients. */
  readonly onError?: (error: unknown) => void;
}

/** The default bound of calls running at once per server (or per `serveMcp`). */
export const DEFAULT_MAX_IN_FLIGHT = 64;
/** The default bound of calls waiting for a slot. */
export const DEFAULT_MAX_QUEUED = 256;
