import { ToolError } from '@toolwright/core';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  CreateMessageResultSchema,
  ElicitResultSchema,
  ErrorCode,
  McpError,
  type ClientCapabilities,
  type CreateMessageRequestParams,
  type CreateMessageResult,
  type ElicitRequestFormParams,
  type ElicitResult,
  type Implementation,
  type LoggingLevel,
  type ServerNotification,
  type ServerRequest,
} from '@modelcontextprotocol/sdk/types.js';
import { passesLevel } from './logging-levels';
import type { McpSession, McpSessionRequestOptions } from './mcp-session';

/** The per-connection facts a call's session reads: what the client declared, its log level. */
export interface ConnectionState {
  readonly clientInfo: () => Implementation | undefined;
  readonly clientCapabilities: () => ClientCapabilities | undefined;
  readonly logLevel: () => LoggingLevel | undefined;
}

export type CallExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/**
 * The `McpSession` of one `tools/call`: notifications and requests go out related to that call
 * (so Streamable HTTP carries them on the call's own stream) and die with it. Fields are private
 * (`#`), so the context's host-value scrubbing finds nothing to collect here.
 */
export class CallSession implements McpSession {
  readonly #connection: ConnectionState;
  readonly #extra: CallExtra;
  readonly #signal: AbortSignal;

  constructor(connection: ConnectionState, extra: CallExtra, signal: AbortSignal) {
    this.#connection = connection;
    this.#extra = extra;
    this.#signal = signal;
  }

  get sessionId(): string | undefined {
    return this.#extra.sessionId;
  }

  get clientInfo(): Implementation | undefined {
    return this.#connection.clientInfo();
  }

  get clientCapabilities(): ClientCapabilities | undefined {
    return this.#connection.clientCapabilities();
  }

  get canSample(): boolean {
    return this.clientCapabilities?.sampling !== undefined;
  }

  get canElicit(): boolean {
    const elicitation = this.clientCapabilities?.elicitation as Record<string, unknown> | undefined;
    if (elicitation === undefined) return false;
    // An empty `elicitation: {}` (the 2025-06-18 form) means form mode.
    return elicitation['form'] !== undefined || elicitation['url'] === undefined;
  }

  async log(level: LoggingLevel, data: unknown, logger?: string): Promise<void> {
    if (!passesLevel(level, this.#connection.logLevel())) return;
    try {
      await this.#extra.sendNotification({
        method: 'notifications/message',
        params: logger === undefined ? { level, data } : { level, logger, data },
      });
    } catch {
      // A log line that cannot be delivered (the client left) must not fail the tool.
    }
  }

  async createMessage(
    params: CreateMessageRequestParams,
    options: McpSessionRequestOptions = {},
  ): Promise<CreateMessageResult> {
    if (!this.canSample) {
      throw ToolError.notImplemented(
        'The MCP client did not declare sampling, so this tool cannot ask it for a completion.',
      );
    }
    try {
      return await this.#extra.sendRequest(
        { method: 'sampling/createMessage', params },
        CreateMessageResultSchema,
        { signal: this.#signal, timeout: options.timeoutMs },
      );
    } catch (thrown) {
      throw clientRequestError(thrown, 'sampling', this.#signal);
    }
  }

  async elicit(
    params: Omit<ElicitRequestFormParams, 'mode'>,
    options: McpSessionRequestOptions = {},
  ): Promise<ElicitResult> {
    if (!this.canElicit) {
      throw ToolError.notImplemented(
        'The MCP client did not declare elicitation, so this tool cannot ask the user for input.',
      );
    }
    try {
      return await this.#extra.sendRequest({ method: 'elicitation/create', params }, ElicitResultSchema, {
        signal: this.#signal,
        timeout: options.timeoutMs,
      });
    } catch (thrown) {
      throw clientRequestError(thrown, 'elicitation', this.#signal);
    }
  }
}

function clientRequestError(thrown: unknown, what: string, signal: AbortSignal): ToolError {
  if (signal.aborted) return ToolError.cancelled(undefined, { cause: thrown });
  if (thrown instanceof McpError && thrown.code === ErrorCode.RequestTimeout) {
    return ToolError.timeout(`The MCP client did not answer the ${what} request in time.`, { cause: thrown });
  }
  return ToolError.executionFailed(`The MCP client refused or failed the ${what} request.`, {
    cause: thrown,
  });
}
