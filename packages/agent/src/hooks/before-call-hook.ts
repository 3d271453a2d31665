import type { RegisteredTool } from '@toolwright/registry';
import type { ToolCallRequest } from '../messages/agent-message';

/** What `beforeCall` sees: a valid call (its tool resolved), before approval and before it runs. */
export interface BeforeCallRequest {
  readonly call: ToolCallRequest;
  readonly tool: RegisteredTool;
  readonly turn: number;
}

/**
 * What to do with a call before it runs:
 * - `rewrite`: run it with these `arguments` instead (JSON text or a value to serialize); the
 *   transcript shows the call as it ran, and approval sees the rewritten arguments;
 * - `veto`: do not run it; the model reads `<name> was not run: <reason>` as its result.
 * `undefined` runs the call as it is.
 */
export type BeforeCallAction =
  | { readonly action: 'rewrite'; readonly arguments: string | object }
  | { readonly action: 'veto'; readonly reason: string };

/** Rewrites or vetoes a call before it runs (every valid call, repaired ones included). */
export type BeforeCallHook = (
  request: BeforeCallRequest,
) => BeforeCallAction | undefined | Promise<BeforeCallAction | undefined>;
