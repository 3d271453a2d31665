import { createToken, type Token } from '@toolwright/core';
import type {
  ClientCapabilities,
  CreateMessageRequestParams,
  CreateMessageResult,
  ElicitRequestFormParams,
  ElicitResult,
  Implementation,
  LoggingLevel,
} from '@modelcontextprotocol/server';

/** Options of a request a tool sends to the client through `McpSession`. */
export interface McpSessionRequestOptions {
  /** How long to wait for the client's answer under 2025-11-25 (default 10 minutes); the call's own signal still applies. */
  readonly timeoutMs?: number;
}

/**
 * What a tool served over MCP can learn about, and ask of, the client that called it, read from
 * the call context: `ctx.get(McpSession)` (absent when the tool runs outside MCP). Asking works
 * the same under both revisions (it is `ctx.elicit` / `ctx.sample` underneath); prefer those,
 * which do not tie a tool to MCP.
 */
export interface McpSession {
  /** The transport session, when the transport has one (Streamable HTTP under 2025-11-25). */
  readonly sessionId: string | undefined;
  /** The protocol revision of the call (`2025-11-25`, `2026-07-28`, …). */
  readonly protocolVersion: string | undefined;
  /** The client's name and version (from `initialize`, or from the request under 2026-07-28). */
  readonly clientInfo: Implementation | undefined;
  /** The client's capabilities (from `initialize`, or from the request under 2026-07-28). */
  readonly clientCapabilities: ClientCapabilities | undefined;
  /** Whether the client declared sampling (`createMessage` works). */
  readonly canSample: boolean;
  /** Whether the client declared form elicitation (`elicit` works). */
  readonly canElicit: boolean;
  /**
   * Sends a log message to the client (`notifications/message`) unless the client's level filters
   * it out (`logging/setLevel` under 2025-11-25, the request's `logLevel` under 2026-07-28).
   * Never rejects.
   */
  log(level: LoggingLevel, data: unknown, logger?: string): Promise<void>;
  /**
   * Ends the SSE stream that carries this call, while the call goes on: the client reconnects
   * after the server's `retry` interval with `Last-Event-ID` and receives, from the event store,
   * everything sent meanwhile, the result included (polling, SEP-1699). Only over Streamable HTTP
   * under 2025-11-25 with resumability on; returns `false` (and does nothing) anywhere else.
   */
  closeStream(): boolean;
  /**
   * Asks the client's model for a completion. Rejects with a `ToolError`: `not_implemented` when
   * the client cannot sample, `timeout`, `cancelled`, or `execution_failed` when the client refuses.
   */
  createMessage(
    params: CreateMessageRequestParams,
    options?: McpSessionRequestOptions,
  ): Promise<CreateMessageResult>;
  /**
   * Asks the user for input through the client (form mode). Rejects like `createMessage`; a user
   * who declines or cancels is a normal answer (`action`), not an error.
   */
  elicit(
    params: Omit<ElicitRequestFormParams, 'mode'>,
    options?: McpSessionRequestOptions,
  ): Promise<ElicitResult>;
}

/** The token of the `McpSession` in a call's context bag. */
export const McpSession: Token<McpSession> = createToken<McpSession>('McpSession');
