import type { ProgressItem } from '@toolwright/core';
import type { ToolCallRequest } from '../messages/agent-message';
import type { FinishReason } from '../model/model-event';
import type { Usage } from '../model/usage';
import type { PendingApproval } from '../approval/approval';
import type { InvalidToolCall } from '../recovery/invalid-tool-call';
import type { RecoveryAction } from '../recovery/recovery-action';
import type { AgentRunResult } from './agent-run-result';
import type { AgentToolResult } from './agent-tool-result';

/** A model turn begins; `toolsVersion` is the version of the tool snapshot it holds. */
export interface TurnStartEvent {
  readonly type: 'turn-start';
  readonly turn: number;
  readonly toolsVersion: number;
}

/** A piece of the model's text. */
export interface AgentTextDeltaEvent {
  readonly type: 'text-delta';
  readonly turn: number;
  readonly text: string;
}

/** A tool call starts running. */
export interface ToolCallStartedEvent {
  readonly type: 'tool-call';
  readonly turn: number;
  readonly call: ToolCallRequest;
  readonly readOnly: boolean;
}

/** A running tool reported progress. */
export interface ToolProgressEvent {
  readonly type: 'tool-progress';
  readonly turn: number;
  readonly call: ToolCallRequest;
  readonly item: ProgressItem;
}

/** A tool call ended (or was settled without running: invalid, skipped, denied). */
export interface ToolResultEvent {
  readonly type: 'tool-result';
  readonly turn: number;
  readonly result: AgentToolResult;
}

/** An invalid call met the recovery policy, which chose `action`. */
export interface InvalidCallEvent {
  readonly type: 'invalid-call';
  readonly turn: number;
  readonly invalid: InvalidToolCall;
  readonly action: RecoveryAction;
}

/** The run is suspended until the host decides on these calls. */
export interface ApprovalRequiredEvent {
  readonly type: 'approval-required';
  readonly turn: number;
  readonly pending: readonly PendingApproval[];
}

/** A turn ended: the model answered and its tool calls (if any) were settled. */
export interface TurnFinishEvent {
  readonly type: 'turn-finish';
  readonly turn: number;
  readonly finishReason?: FinishReason;
  /** This turn's model usage. */
  readonly usage?: Usage;
}

/** The last event of every stream: the run's result, the same object `agent.run` resolves to. */
export interface DoneEvent {
  readonly type: 'done';
  readonly result: AgentRunResult;
}

/** What `agent.stream` yields. */
export type AgentEvent =
  | TurnStartEvent
  | AgentTextDeltaEvent
  | ToolCallStartedEvent
  | ToolProgressEvent
  | ToolResultEvent
  | InvalidCallEvent
  | ApprovalRequiredEvent
  | TurnFinishEvent
  | DoneEvent;
