import {
  isToolErrorKind,
  ToolError,
  type ContentBlock,
  type ProgressItem,
  type ToolCallContext,
} from '@toolwright/core';
import {
  ProtocolError,
  ProtocolErrorCode,
  SdkError,
  SdkErrorCode,
  type Progress,
} from '@modelcontextprotocol/client';
import type { McpClientLike } from './mcp-client-like';
import type { McpTelemetry } from '../telemetry/mcp-telemetry';
import { clientRequestInfo, clientOutcome } from '../telemetry/client-request-info';
import { traceRequest } from '../telemetry/trace-request';
import { ERROR_META_KEY } from '../server/to-call-tool-result';
import { errorText, toContentBlocks } from './remote-content';
import { paramHeaders, type ParamHeaderDeclaration } from './mcp-param-headers';
import { cancelRemoteTask, followRemoteTask, watchForTask } from './remote-task';

/** Everything a call to one remote tool needs. */
export interface RemoteCallTarget {
  readonly client: McpClientLike;
  readonly remoteName: string;
  readonly localName: string;
  readonly structured: boolean;
  /** The tool's `x-mcp-header` declarations: their arguments also travel as `Mcp-Param-*` headers. */
  readonly paramHeaders: readonly ParamHeaderDeclaration[];
  readonly timeoutMs: number;
  readonly maxTotalTimeoutMs: number;
  /** Aborted when the import learns that the server is gone: pending calls fail with `unavailable` (F14). */
  readonly lost: () => AbortSignal;
  /** Spans for the requests sent, with the trace context in `_meta` (the import's `telemetry`). */
  readonly telemetry?: McpTelemetry;
}

// The content blocks of an output object (its structured content, or a holder), for `toContent`.
const contentOf = new WeakMap<object, readonly ContentBlock[]>();

/** The content blocks a remote call produced for `output` (see `callRemoteTool`). */
export function remoteContent(output: unknown): readonly ContentBlock[] | undefined {
  return typeof output === 'object' && output !== null ? contentOf.get(output) : undefined;
}

/**
 * Calls the remote tool, yielding its progress as progress items, and returns the output: the
 * structured content when the tool has an output schema, else an object whose content blocks
 * `remoteContent` gives back. Sends only the decoded arguments (never context values), always a
 * progress token; the SDK sends `notifications/cancelled` when the call's signal aborts. Progress
 * resets the timeout; the total timeout still applies.
 */
export async function* callRemoteTool(
  target: RemoteCallTarget,
  args: Record<string, unknown>,
  ctx: ToolCallContext,
): AsyncGenerator<ProgressItem, object, undefined> {
  const lost = target.lost();
  if (lost.aborted) throw unavailable(target, lost.reason);
  // The call's own signal follows the caller's and the connection's through one listener on each,
  // removed when the request settles. Not AbortSignal.any: the import's `lost` signal lives as
  // long as the import, and `any` ties every call's signal to it.
  const ended = new AbortController();
  const signal = ended.signal;
  const follow = (event: Event): void => ended.abort((event.target as AbortSignal).reason);
  if (ctx.signal.aborted) ended.abort(ctx.signal.reason);
  else {
    ctx.signal.addEventListener('abort', follow, { once: true });
    lost.addEventListener('abort', follow, { once: true });
  }
  const queue: ProgressItem[] = [];
  let wake: (() => void) | undefined;
  const onprogress = (progress: Progress): void => {
    queue.push(progressItem(progress));
    wake?.();
  };
  let settled = false;
  const headers = target.paramHeaders.length === 0 ? {} : paramHeaders(target.paramHeaders, args);
  // An object of this call's own, by which the answer can be told apart when it is a task.
  const callArgs = { ...args };
  const ticket = watchForTask(target.client, callArgs);
  const unfollow = (): void => {
    ctx.signal.removeEventListener('abort', follow);
    lost.removeEventListener('abort', follow);
  };
  const request = traceRequest(
    target.telemetry,
    'client',
    () => clientRequestInfo(target.client, 'tools/call', target.remoteName),
    (meta) =>
      target.client.request(
        {
          method: 'tools/call',
          params: {
            name: target.remoteName,
            arguments: callArgs,
            ...(meta === undefined ? {} : { _meta: { ...meta } }),
          },
        },
        {
          ...(Object.keys(headers).length === 0 ? {} : { headers }),
          signal,
          onprogress,
          timeout: target.timeoutMs,
          resetTimeoutOnProgress: true,
          maxTotalTimeout: target.maxTotalTimeoutMs,
        },
      ),
    clientOutcome,
  ).finally(() => {
    // A task answer keeps the listeners: the task is followed under the same signal.
    if (ticket?.task === undefined) unfollow();
    settled = true;
    wake?.();
  });
  // Observed at once, so a rejection while progress is being yielded is never unhandled.
  request.catch(() => undefined);
  let drained = false;
  try {
    for (;;) {
      while (queue.length > 0) yield queue.shift()!;
      if (settled) break;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
      wake = undefined;
    }
    drained = true;
  } finally {
    // Abandoned by its consumer while the request ran: let go, and cancel a task it may start.
    if (!drained) {
      unfollow();
      ticket?.whenTask((task) => cancelRemoteTask(target.client, task));
      ticket?.done();
    }
  }
  let result: Awaited<typeof request>;
  try {
    result = await request;
  } catch (thrown) {
    const created = ticket?.task;
    if (
      created === undefined ||
      !(thrown instanceof SdkError && thrown.code === SdkErrorCode.UnsupportedResultType)
    ) {
      unfollow();
      // Aborted before its answer came: should that answer be a task, cancel it.
      if (signal.aborted) ticket?.whenTask((task) => cancelRemoteTask(target.client, task));
      throw remoteFailure(target, thrown, ctx.signal, lost);
    }
    // The server runs the call as a task (the tasks extension): follow it to its result.
    try {
      result = (yield* followRemoteTask(target, created, ctx, signal)) as unknown as Awaited<typeof request>;
    } catch (failure) {
      throw ToolError.is(failure) && !signal.aborted
        ? failure
        : remoteFailure(target, failure, ctx.signal, lost);
    } finally {
      unfollow();
    }
  } finally {
    ticket?.done();
  }
  unfollow();
  const content = toContentBlocks(result.content);
  if (result.isError === true) throw remoteToolError(target, result);
  if (target.structured) {
    const structured = result.structuredContent;
    if (typeof structured !== 'object' || structured === null || Array.isArray(structured)) {
      throw ToolError.invalidOutput(
        `${target.localName} declares an output schema, but its MCP server returned no structured content.`,
        { toolName: target.localName },
      );
    }
    contentOf.set(structured, content);
    return structured;
  }
  const holder = { content };
  contentOf.set(holder, content);
  return holder;
}

function progressItem(progress: Progress): ProgressItem {
  const position = {
    current: Number.isFinite(progress.progress) ? progress.progress : undefined,
    total: typeof progress.total === 'number' && Number.isFinite(progress.total) ? progress.total : undefined,
  };
  if (typeof progress.message === 'string' && progress.message !== '') {
    return { type: 'progress', kind: 'text', text: progress.message.slice(0, 1000), ...position };
  }
  return {
    type: 'progress',
    kind: 'custom',
    subkind: 'mcp/progress',
    payload: { progress: position.current, total: position.total },
    ...position,
  };
}

function remoteToolError(
  target: RemoteCallTarget,
  result: { content?: unknown; _meta?: unknown },
): ToolError {
  const text =
    errorText(result.content) || `${target.localName} failed on its MCP server without saying why.`;
  const meta = (result._meta as Record<string, unknown> | undefined)?.[ERROR_META_KEY] as
    Record<string, unknown> | undefined;
  const kind = isToolErrorKind(meta?.['kind']) ? meta['kind'] : 'execution_failed';
  const retryAfterMs = typeof meta?.['retryAfterMs'] === 'number' ? meta['retryAfterMs'] : undefined;
  return new ToolError(kind, text, {
    toolName: target.localName,
    retryAfterMs,
    details: { remote: target.remoteName },
  });
}

function remoteFailure(
  target: RemoteCallTarget,
  thrown: unknown,
  signal: AbortSignal,
  lost: AbortSignal,
): ToolError {
  const toolName = target.localName;
  if (signal.aborted) return ToolError.cancelled(undefined, { toolName, cause: thrown });
  if (lost.aborted) return unavailable(target, thrown);
  if (thrown instanceof SdkError) {
    if (thrown.code === SdkErrorCode.RequestTimeout) {
      return ToolError.timeout(`${toolName} did not answer in time (no result and no progress).`, {
        toolName,
        cause: thrown,
      });
    }
    return unavailable(target, thrown);
  }
  if (thrown instanceof ProtocolError) {
    switch (thrown.code) {
      case ProtocolErrorCode.InvalidParams:
        return ToolError.invalidArguments(
          `The MCP server behind ${toolName} rejected the call: ${clip(thrown.message)}`,
          {
            toolName,
            cause: thrown,
          },
        );
      case ProtocolErrorCode.MethodNotFound:
        return ToolError.notImplemented(`The MCP server behind ${toolName} does not support tool calls.`, {
          toolName,
          cause: thrown,
        });
      default:
        return ToolError.executionFailed(`${toolName} failed on its MCP server: ${clip(thrown.message)}`, {
          toolName,
          cause: thrown,
        });
    }
  }
  // "Not connected", a failed fetch, a broken pipe: the server cannot be reached.
  return unavailable(target, thrown);
}

function unavailable(target: RemoteCallTarget, cause: unknown): ToolError {
  return ToolError.unavailable(
    `The MCP server behind ${target.localName} is not reachable (it stopped or the connection broke). Try again later.`,
    { toolName: target.localName, cause },
  );
}

function clip(message: string): string {
  const text = message
    .replace(/^MCP error -?\d+: /, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 500 ? `${text.slice(0, 500)}…` : text;
}
