import {
  ToolError,
  ToolStream,
  type ProgressItem,
  type ToolCallContext,
  type ToolResult,
} from '@toolwright/core';
import type { GuardCall, GuardVerdict, ToolGuard } from '../guard/tool-guard';
import type { RegisteredTool } from '../finalize/registered-tool';

/**
 * Runs the guards, then the tool. Synchronous verdicts cost nothing beyond the guard itself (the
 * tool's own stream is returned); a promised verdict is awaited inside a relaying stream. A denial is
 * a `permission_denied` result; a guard that throws denies, its error kept host-only as the cause.
 */
export function guardedExecute(
  guards: readonly ToolGuard[],
  tool: RegisteredTool,
  raw: unknown,
  ctx: ToolCallContext,
): ToolStream {
  const call: GuardCall = { toolName: tool.name, callId: ctx.callId, arguments: raw, context: ctx };
  let pending: Promise<GuardVerdict | ToolError> | undefined;
  for (let index = 0; index < guards.length; index += 1) {
    const verdict = ask(guards[index]!, call, tool);
    if (verdict instanceof ToolError) return denied(verdict, ctx);
    if (isPromise(verdict)) {
      pending = settleRest(verdict, guards.slice(index + 1), call, tool);
      break;
    }
    if (!verdict.allow) return denied(permissionDenied(tool.name, verdict.reason), ctx);
  }
  if (pending === undefined) return tool.erased.execute(raw, ctx);
  const decided = pending;
  return ToolStream.withProgress(async function* (): AsyncGenerator<ProgressItem, ToolResult, undefined> {
    const outcome = await decided;
    if (outcome instanceof ToolError) throw outcome;
    if (!outcome.allow) throw permissionDenied(tool.name, outcome.reason);
    if (ctx.signal.aborted) throw ToolError.cancelled(undefined, { toolName: tool.name });
    for await (const item of tool.erased.execute(raw, ctx)) {
      if (item.type === 'terminal') return item.result;
      yield item;
    }
    throw ToolError.streamNoTerminal(undefined, { toolName: tool.name });
  }, origin(ctx));
}

function ask(
  guard: ToolGuard,
  call: GuardCall,
  tool: RegisteredTool,
): GuardVerdict | ToolError | Promise<GuardVerdict | ToolError> {
  try {
    const verdict = guard(call, tool);
    if (isPromise(verdict)) return verdict.then(checked, (thrown: unknown) => guardFailed(tool.name, thrown));
    return checked(verdict);
  } catch (thrown) {
    return guardFailed(tool.name, thrown);
  }
}

async function settleRest(
  first: Promise<GuardVerdict | ToolError>,
  rest: readonly ToolGuard[],
  call: GuardCall,
  tool: RegisteredTool,
): Promise<GuardVerdict | ToolError> {
  const verdict = await first;
  if (verdict instanceof ToolError || !verdict.allow) return verdict;
  for (const guard of rest) {
    const next = await ask(guard, call, tool);
    if (next instanceof ToolError || !next.allow) return next;
  }
  return verdict;
}

// Anything but an explicit allow is a denial: a guard that returns nonsense must not open the door.
function checked(verdict: unknown): GuardVerdict {
  if (typeof verdict === 'object' && verdict !== null && (verdict as { allow?: unknown }).allow === true)
    return verdict as GuardVerdict;
  const reason = (verdict as { reason?: unknown } | null)?.reason;
  return {
    allow: false,
    reason: typeof reason === 'string' && reason !== '' ? reason : 'the call is not allowed.',
  };
}

function guardFailed(toolName: string, thrown: unknown): ToolError {
  return ToolError.permissionDenied(`${toolName} was not run: its permission check failed.`, {
    toolName,
    cause: thrown,
  });
}

function permissionDenied(toolName: string, reason: string): ToolError {
  return ToolError.permissionDenied(`${toolName} was not run: ${reason}`, { toolName, details: { reason } });
}

function denied(error: ToolError, ctx: ToolCallContext): ToolStream {
  return ToolStream.terminalOnly(() => {
    throw error;
  }, origin(ctx));
}

function origin(ctx: ToolCallContext): { toolName: string; callId: string } {
  return { toolName: ctx.toolName, callId: ctx.callId };
}

function isPromise<T>(value: unknown): value is Promise<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}
