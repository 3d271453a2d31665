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
}

/** `allow` runs the call, `deny` refuses it, `ask` suspends the run until the host decides (`agent.resume`). */
export type ApprovalDecision = 'allow' | 'deny' | 'ask' | DenyDecision;

/** Decides whether a call may run. Runs for every valid call, before it runs. */
export type ApprovalHook = (request: ApprovalRequest) => ApprovalDecision | Promise<ApprovalDecision>;

/** The host's decision for a suspended call, by call id, given to `agent.resume`. */
export type ResumeDecision = 'allow' | 'deny' | DenyDecision;

/** A call the run is waiting on. */
export interface PendingApproval {
  readonly callId: string;
  readonly toolName: string;
  readonly arguments: string;
  readonly turn: number;
}
