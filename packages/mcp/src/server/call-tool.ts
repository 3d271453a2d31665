import {
  closestName,
  ToolError,
  type ConcurrencyLimiter,
  type ExtensionEntry,
  type ToolResult,
} from '@toolwright/core';
import type { ToolServerHandle, ToolSnapshot } from '@toolwright/registry';
import {
  ErrorCode,
  McpError,
  type CallToolResult,
  type ProgressToken,
} from '@modelcontextprotocol/sdk/types.js';
import { CallSession, type CallExtra, type ConnectionState } from './call-session';
import { McpSession } from './mcp-session';
import type { McpServerOptions } from './mcp-server-options';
import { ProgressReporter } from './progress-reporter';
import { errorResult, toCallToolResult } from './to-call-tool-result';

// The model needs the likely match and a gist of what exists, not a catalogue.
const MAX_LISTED_NAMES = 20;

interface CallParams {
  readonly name: string;
  readonly args: unknown;
  readonly progressToken: ProgressToken | undefined;
}

/**
 * Answers `tools/call`: exactly one answer per request, never a throw other than an `McpError`
 * for an unknown tool or a malformed request. Admission is bounded by the limiter (F16); the call
 * runs on the snapshot current at arrival, decoded by toolwright; cancellation arrives as the
 * request's signal; progress items become `notifications/progress` when the client sent a token.
 */
export class CallToolHandler {
  constructor(
    private readonly handle: ToolServerHandle,
    private readonly limiter: ConcurrencyLimiter,
    private readonly connection: ConnectionState,
    private readonly options: McpServerOptions,
  ) {}

  call(rawParams: unknown, extra: CallExtra): Promise<CallToolResult> {
    let params: CallParams;
    try {
      params = readParams(rawParams);
    } catch (error) {
      return Promise.reject(error);
    }
    const snapshot = this.handle.snapshot();
    if (!snapshot.has(params.name)) {
      return Promise.reject(
        new McpError(ErrorCode.InvalidParams, unknownToolText(params.name, snapshot.names)),
      );
    }
    const grant = this.limiter.acquire();
    if (grant.status === 'granted') return this.#run(snapshot, params, extra, grant.release);
    if (grant.status === 'full')
      return Promise.resolve(errorResult(overloaded(params.name, grant.retryAfterMs)));
    return waitForSlot(grant.granted, grant.cancel, extra.signal).then((granted) =>
      // Cancelled while waiting: the SDK sends nothing for a cancelled request.
      granted === undefined
        ? errorResult(ToolError.cancelled(undefined, { toolName: params.name }))
        : this.#run(snapshot, params, extra, granted),
    );
  }

  // Runs an admitted call and gives its slot back. Chained, not awaited: each async layer costs
  // a promise and a turn on a path that is otherwise a few microseconds.
  #run(
    snapshot: ToolSnapshot,
    params: CallParams,
    extra: CallExtra,
    release: () => void,
  ): Promise<CallToolResult> {
    let released = false;
    const releaseOnce = (): void => {
      if (released) return;
      released = true;
      release();
    };
    const answer = (result: ToolResult): CallToolResult => {
      releaseOnce();
      return toCallToolResult(result);
    };
    const fail = (thrown: unknown): CallToolResult => {
      releaseOnce();
      // snapshot.call never rejects; this is a bug in the glue, answered rather than dropped.
      this.#report(thrown);
      return errorResult(ToolError.internal(undefined, { toolName: params.name, cause: thrown }));
    };
    try {
      const reporter =
        params.progressToken === undefined ? undefined : new ProgressReporter(params.progressToken, extra);
      // Through the snapshot's tool set, which runs a call nobody listens to for progress without
      // a stream, and gives the tool a `ctx.dispatch` on the same snapshot.
      const pending = snapshot.call(params.name, params.args, {
        signal: extra.signal,
        extensions: this.#extensions(params.name, extra),
        onProgress: reporter?.report,
      });
      if (reporter === undefined) return pending.then(answer, fail);
      return pending.then((result) => {
        const finish = (): CallToolResult => answer(result);
        return reporter.settled().then(finish, finish);
      }, fail);
    } catch (thrown) {
      return Promise.resolve(fail(thrown));
    }
  }

  #extensions(toolName: string, extra: CallExtra): ExtensionEntry[] {
    const entries: ExtensionEntry[] = [[McpSession, new CallSession(this.connection, extra, extra.signal)]];
    const context = this.options.context;
    if (context === undefined) return entries;
    try {
      const host = context({
        toolName,
        sessionId: extra.sessionId,
        authInfo: extra.authInfo,
        requestInfo: extra.requestInfo,
      });
      if (host !== undefined) for (const entry of host) entries.push(entry);
    } catch (thrown) {
      this.#report(thrown);
    }
    return entries;
  }

  #report(error: unknown): void {
    try {
      this.options.onError?.(error);
    } catch {
      // The host's logger failing must not take the call with it.
    }
  }
}

function readParams(params: unknown): CallParams {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) {
    throw new McpError(ErrorCode.InvalidParams, 'Invalid tools/call request: params must be an object.');
  }
  const record = params as Record<string, unknown>;
  const name = record['name'];
  if (typeof name !== 'string' || name === '') {
    throw new McpError(
      ErrorCode.InvalidParams,
      'Invalid tools/call request: params.name must be a tool name.',
    );
  }
  const args = record['arguments'];
  if (args !== undefined && args !== null && (typeof args !== 'object' || Array.isArray(args))) {
    throw new McpError(
      ErrorCode.InvalidParams,
      'Invalid tools/call request: params.arguments must be an object.',
    );
  }
  const meta = record['_meta'];
  let progressToken: ProgressToken | undefined;
  if (typeof meta === 'object' && meta !== null) {
    const token = (meta as Record<string, unknown>)['progressToken'];
    if (typeof token === 'string' || (typeof token === 'number' && Number.isFinite(token)))
      progressToken = token;
  }
  return { name, args: args ?? undefined, progressToken };
}

function unknownToolText(name: string, available: readonly string[]): string {
  const printable = `${name.slice(0, 64).replace(/[^\x20-\x7e]/g, '?')}${name.length > 64 ? '…' : ''}`;
  const parts = [`Unknown tool: ${printable}.`];
  const suggestion = closestName(name, available);
  if (suggestion !== undefined) parts.push(`Did you mean '${suggestion}'?`);
  if (available.length === 0) parts.push('No tools are available.');
  else {
    const more = available.length - MAX_LISTED_NAMES;
    parts.push(
      `Available: ${available.slice(0, MAX_LISTED_NAMES).join(', ')}${more > 0 ? `, and ${more} more` : ''}.`,
    );
  }
  return parts.join(' ');
}

function overloaded(toolName: string, retryAfterMs: number): ToolError {
  return ToolError.concurrencyLimited(
    `The server is running as many tool calls as it allows. Retry ${toolName} in about ${Math.ceil(retryAfterMs / 100) / 10} s.`,
    { toolName, retryAfterMs },
  );
}

function waitForSlot(
  granted: Promise<() => void>,
  cancel: () => void,
  signal: AbortSignal,
): Promise<(() => void) | undefined> {
  if (signal.aborted) {
    cancel();
    return Promise.resolve(undefined);
  }
  return new Promise((resolve) => {
    const onAbort = (): void => {
      cancel();
      resolve(undefined);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    void granted.then((release) => {
      signal.removeEventListener('abort', onAbort);
      // Granted after the abort: `cancel` already handed the slot back.
      if (signal.aborted) resolve(undefined);
      else resolve(release);
    });
  });
}
