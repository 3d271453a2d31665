import type { RegisteredTool } from '@toolwright/registry';
import type { ToolCallRequest } from '../messages/agent-message';

/** A call awaiting the approval hook's decision, before it runs. */
export interface ApprovalRequest {
  readonly call: ToolCallRequest;
  readonly tool: RegisteredTool;
  readonly turn: number;
}

/** A refusal with a reason the model reads. */
export interface DenyDecision {
  readonly decision: 'deny';
  readonly reason: string;
  /** On resume: the `digest` of the pending call this answers (the decision holds for that call only). */
  readonly digest?: string;
}

/** On resume: an approval bound to the exact call the user was shown, by that call's `digest`. */
export interface AllowDecision {
  readonly decision: 'allow';
  readonly digest: string;
}

/** `allow` runs the call, `deny` refuses it, `ask` suspends the run until the host decides (`agent.resume`). */
export type ApprovalDecision = 'allow' | 'deny' | 'ask' | DenyDecision;

/** Decides whether a call may run. Runs for every valid call, before it runs. */
export type ApprovalHook = (request: ApprovalRequest) => ApprovalDecision | Promise<ApprovalDecision>;

/**
 * The host's decision for a suspended call, by call id, given to `agent.resume`. The object forms
 * with a `digest` hold only if the pending call is still exactly the one that digest was made for.
 */
export type ResumeDecision = 'allow' | 'deny' | DenyDecision | AllowDecision;

/** A call the run is waiting on. */
export interface PendingApproval {
  readonly callId: string;
  readonly toolName: string;
  readonly arguments: string;
  readonly turn: number;
  /**
   * HMAC of this suspension's id and the call's id, name and exact arguments: pass it back in the
   * decision (`{ decision: 'allow', digest }`) to bind the decision to what the user was shown.
   */
  readonly digest: string;
}
