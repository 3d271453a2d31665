import type { ToolCallContext } from '@toolwright/core';
import type { RegisteredTool } from '../finalize/registered-tool';

/** One call as a guard sees it, before the tool runs (top-level calls and `ctx.dispatch` alike). */
export interface GuardCall {
  readonly toolName: string;
  readonly callId: string;
  /** The raw arguments as received: a JSON string or an already-parsed value. Not yet validated. */
  readonly arguments: unknown;
  /** The call's context: its signal and the host's extension bag (`context.get(Session)`). */
  readonly context: ToolCallContext;
}

/** A guard's answer: let the call run, or refuse it with a reason the model may read. */
export type GuardVerdict = { readonly allow: true } | { readonly allow: false; readonly reason: string };

/**
 * A permission check run before every call. A denial ends the call with a `permission_denied`
 * `ToolError` whose model text is the reason; a guard that throws denies too (the thrown value stays host-only).
 */
export type ToolGuard = (call: GuardCall, tool: RegisteredTool) => GuardVerdict | Promise<GuardVerdict>;

const ALLOW: GuardVerdict = Object.freeze({ allow: true });

/** The verdict that lets a call run. */
export function allow(): GuardVerdict {
  return ALLOW;
}

/** The verdict that refuses a call; `reason` becomes the model text of the `permission_denied` error. */
export function deny(reason: string): GuardVerdict {
  return Object.freeze({ allow: false, reason });
}
