import type { AgentMessage } from '../messages/agent-message';
import type { ModelError } from '../model/model-error';
import type { FinishReason } from '../model/model-event';
import type { Usage } from '../model/usage';
import type { PendingApproval } from '../approval/approval';
import type { AgentState } from './agent-state';
import type { AgentToolResult } from './agent-tool-result';

/**
 * Why a run ended: `completed` (the model answered without calling a tool), `max_turns` (the turn
 * budget ran out), `stopped` (an invalid-call hook said `stop`), `approval_required` (a call awaits
 * the host: resume with `agent.resume`), `cancelled` (the signal fired), `error` (the model request
 * or a hook failed; see `error`).
 */
export type StopReason = 'completed' | 'max_turns' | 'stopped' | 'approval_required' | 'cancelled' | 'error';

/** The outcome of `agent.run` (and the `done` event of `agent.stream`). */
export interface AgentRunResult {
  /** The model's final answer: the text of its last turn. */
  readonly text: string;
  readonly stopReason: StopReason;
  /** Why the run ended, in words. */
  readonly reason: string;
  /** The whole transcript: the input, then every turn and tool result. */
  readonly messages: readonly AgentMessage[];
  /** Every tool call of this run, in the order the model made them. */
  readonly toolResults: readonly AgentToolResult[];
  /** Summed over every model request of the run (resumed runs include the turns before suspension). */
  readonly usage: Usage;
  /** Model turns taken (resumed runs count the turns before suspension). */
  readonly turns: number;
  /** The finish reason of the last model turn. */
  readonly finishReason?: FinishReason;
  /**
   * For `error` (and a `cancelled` run that was failing): a `ModelError` when the model request
   * failed (`ModelError.is(result.error)`, then `kind`, `status`, `retryable`), else the `Error` a
   * hook or model client threw; a thrown non-Error value arrives wrapped, as this Error's `cause`.
   */
  readonly error?: ModelError | Error;
  /** For `approval_required`: the state to pass to `agent.resume`. */
  readonly state?: AgentState;
  /** For `approval_required`: the calls awaiting a decision. */
  readonly pendingApprovals?: readonly PendingApproval[];
}
