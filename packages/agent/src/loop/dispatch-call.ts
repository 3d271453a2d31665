import { ToolError, type ExtensionEntry, type ProgressItem, type ToolResult } from '@toolwright/core';
import type { ToolSnapshot } from '@toolwright/registry';
import type { ToolCallRequest } from '../messages/agent-message';

/** How one call is dispatched. */
export interface DispatchOptions {
  readonly signal: AbortSignal | undefined;
  readonly extensions: readonly ExtensionEntry[] | undefined;
  /** The agent's deadline for the call (`toolTimeoutMs`). */
  readonly timeoutMs: number | undefined;
  readonly onProgress: (item: ProgressItem) => void;
}

/**
 * Runs one call on the turn's snapshot (guard applied, context built by the registry with the
 * run's host-only values). Without a deadline or a signal it takes the tool set's fast path; with
 * `timeoutMs`, the call's signal fires at the deadline and its result is a `timeout` error.
 */
export function dispatchCall(
  snapshot: ToolSnapshot,
  call: ToolCallRequest,
  options: DispatchOptions,
): Promise<ToolResult> {
  const callOptions = {
    callId: call.id,
    signal: options.signal,
    extensions: options.extensions,
    onProgress: options.onProgress,
  };
  if (options.timeoutMs === undefined) return snapshot.call(call.name, call.arguments, callOptions);
  return withDeadline(snapshot, call, callOptions, options.timeoutMs);
}

async function withDeadline(
  snapshot: ToolSnapshot,
  call: ToolCallRequest,
  callOptions: {
    callId: string;
    signal: AbortSignal | undefined;
    extensions: readonly ExtensionEntry[] | undefined;
    onProgress: (item: ProgressItem) => void;
  },
  timeoutMs: number,
): Promise<ToolResult> {
  const controller = new AbortController();
  const outer = callOptions.signal;
  const onAbort = (): void => controller.abort(outer?.reason);
  if (outer !== undefined && outer.aborted) controller.abort(outer.reason);
  else outer?.addEventListener('abort', onAbort, { once: true });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  try {
    const result = await snapshot.call(call.name, call.arguments, {
      ...callOptions,
      signal: controller.signal,
    });
    // The registry reports an aborted call as cancelled; here the abort was the deadline.
    if (!timedOut || result.ok || result.error.kind !== 'cancelled') return result;
    const error = ToolError.timeout(
      `${call.name} did not finish within ${timeoutMs} ms and was stopped. Try again, or ask for less work in one call.`,
      { toolName: call.name, details: { timeoutMs } },
    );
    return { ok: false, error, content: [{ type: 'text', text: error.modelText }], meta: result.meta };
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onAbort);
  }
}
