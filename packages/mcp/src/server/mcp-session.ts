import { createToken, type Token } from '@toolwright/core';
import type {
  ClientCapabilities,
  CreateMessageRequestParams,
  CreateMessageResult,
  ElicitRequestFormParams,
  ElicitResult,
  Implementation,
  LoggingLevel,
} from '@modelcontextprotocol/sdk/types.js';

/** Options of a request a tool sends to the client through `McpSession`. */
export interface McpSessionRequestOptions {
  /** How long to wait for the client's answer (default 60 s); the call's own signal still applies. */
  readonly timeoutMs?: number;
}

/**
 * What a tool served over MCP can ask of the client that called it, read from the call context:
 * `ctx.get(McpSession)` (absent when the tool runs outside MCP). Everything it sends belongs to the
 * current call, so over Streamable HTTP it travels on that call's response stream.
 */
export interface McpSession {
  /** The transport session, when the transport has one (Streamable HTTP in stateful mode). */
  readonly sessionId: string | undefined;
  /** The client's name and version, from its `initialize` request. */
  readonly clientInfo: Implementation | undefined;
  /** The client's capabilities, from its `initialize` request. */
  readonly clientCapabilities: ClientCapabilities | undefined;
  /** Whether the client declared sampling (`createMessage` works). */
  readonly canSample: boolean;
  /** Whether the client declared form elicitation (`elicit` works). */
  readonly canElicit: boolean;
  /**
   * Sends a log message to the client (`notifications/message`) unless the client's level
   * (`logging/setLevel`) filters it out. Never rejects.
   */
  log(level: LoggingLevel, data: unknown, logger?: string): Promise<void>;
  /**
   * Asks the client's model for a completion (`sampling/createMessage`). Rejects with a
   * `ToolError`: `not_implemented` when the client cannot sample, `timeout`, `cancelled`, or
   * `execution_failed` when the client refuses.
   */
  createMessage(
    params: CreateMessageRequestParams,
    options?: McpSessionRequestOptions,
  ): Promise<CreateMessageResult>;
  /**
   * Asks the user for input through the client (`elicitation/create`, form mode). Rejects like
   * `createMessage`; a user who declines or cancels is a normal answer (`action`), not an error.
   */
  elicit(
    params: Omit<ElicitRequestFormParams, 'mode'>,
    options?: McpSessionRequestOptions,
  ): Promise<ElicitResult>;
}

/** The token of the `McpSession` in a call's context bag. */
export const McpSession: Token<McpSession> = createToken<McpSession>('McpSession');
