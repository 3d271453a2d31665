import type { ContentBlock, ToolError, ToolResult } from '@toolwright/core';
import type { ToolCallRequest } from '../messages/agent-message';
import type { RecoveryAction } from '../recovery/recovery-action';

/**
 * How a tool call ended: `ok` (it ran and succeeded), `failed` (it ran and failed, or was invalid
 * and failed), `retry` (invalid; feedback sent), `skipped` (a hook skipped it), `denied` (the
 * approval hook or the host refused it), `not_run` (the run ended before it ran).
 */
export type ToolCallStatus = 'ok' | 'failed' | 'retry' | 'skipped' | 'denied' | 'not_run';

/** One tool call of a run, as the host sees it. */
export interface AgentToolResult {
  readonly turn: number;
  /** The call as run: after a repair, the repaired name and arguments. */
  readonly call: ToolCallRequest;
  /** The name the model used, when a hook repaired it to another. */
  readonly repairedFrom?: string;
  readonly status: ToolCallStatus;
  /** Exactly what the model reads as the result (host-only values scrubbed). */
  readonly content: readonly ContentBlock[];
  /** Why the call failed, was refused or was invalid. */
  readonly error?: ToolError;
  /** The registry's result, when the tool was dispatched: the output value and host-only `meta`. */
  readonly result?: ToolResult;
  /** The recovery action taken, when the call was invalid. */
  readonly recovery?: RecoveryAction;
}
