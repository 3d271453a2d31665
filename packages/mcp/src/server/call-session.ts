import { ToolError, type InputRequester, type SampleRequest } from '@toolwright/core';
import { scrubText, scrubValue, FRAMEWORK_SERVICE } from '@toolwright/core/internal';
import type {
  ClientCapabilities,
  CreateMessageRequestParams,
  CreateMessageResult,
  ElicitRequestFormParams,
  ElicitResult,
  Implementation,
  LoggingLevel,
  ServerContext,
} from '@modelcontextprotocol/server';
import type { ConnectionView } from './connection-view';
import type { McpSession } from './mcp-session';

/**
 * The `McpSession` of one `tools/call`: notifications go out related to that call (so Streamable
 * HTTP carries them on the call's own stream) and die with it; requests go through the call's
 * input requester, so they work under both revisions. A toolwright service (`FRAMEWORK_SERVICE`):
 * the context's host-value scrubbing does not walk it.
 */
export class CallSession implements McpSession {
  /** A toolwright service, not a host value: the context's scrubbing does not walk it. */
  get [FRAMEWORK_SERVICE](): true {
    return true;
  }

  readonly #connection: ConnectionView;
  readonly #ctx: ServerContext;
  readonly #requester: InputRequester;
  readonly #secrets: () => readonly string[];

  constructor(
    connection: ConnectionView,
    ctx: ServerContext,
    requester: InputRequester,
    secrets: () => readonly string[] = () => [],
  ) {
    this.#connection = connection;
    this.#ctx = ctx;
    this.#requester = requester;
    this.#secrets = secrets;
  }

  get sessionId(): string | undefined {
    return this.#ctx.sessionId;
  }

  get protocolVersion(): string | undefined {
    return this.#connection.protocolVersion();
  }

  get clientInfo(): Implementation | undefined {
    return this.#connection.clientInfo(this.#ctx);
  }

  get clientCapabilities(): ClientCapabilities | undefined {
    return this.#connection.clientCapabilities(this.#ctx);
  }

  get canSample(): boolean {
    return this.#requester.supports.sampling;
  }

  get canElicit(): boolean {
    return this.#requester.supports.elicitation;
  }

  async log(level: LoggingLevel, data: unknown, logger?: string): Promise<void> {
    try {
      // A log message goes to the client as it is: host-only values are scrubbed first (R22).
      const secrets = this.#secrets();
      await this.#ctx.mcpReq.log(
        level,
        scrubValue(data, secrets),
        logger === undefined ? undefined : scrubText(logger, secrets),
      );
    } catch {
      // A log line that cannot be delivered (the client left) must not fail the tool.
    }
  }

  closeStream(): boolean {
    const close = this.#ctx.http?.closeSSE;
    if (close === undefined) return false;
    close();
    return true;
  }

  async createMessage(params: CreateMessageRequestParams): Promise<CreateMessageResult> {
    if (!this.canSample) throw notDeclared('sampling', 'ask it for a completion');
    const result = await this.#requester.sample(params as unknown as SampleRequest, this.#ctx.mcpReq.signal);
    return result as unknown as CreateMessageResult;
  }

  async elicit(params: Omit<ElicitRequestFormParams, 'mode'>): Promise<ElicitResult> {
    if (!this.canElicit) throw notDeclared('elicitation', 'ask the user for input');
    const result = await this.#requester.elicit(
      { message: params.message, requestedSchema: params.requestedSchema as Record<string, unknown> },
      this.#ctx.mcpReq.signal,
    );
    return result as ElicitResult;
  }
}

function notDeclared(capability: string, what: string): ToolError {
  return ToolError.notImplemented(
    `The MCP client did not declare ${capability}, so this tool cannot ${what}.`,
  );
}
