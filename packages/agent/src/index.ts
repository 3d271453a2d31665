// The public API of @toolwright/agent: the agent loop, model clients, hooks, invalid-call recovery and approvals.
// The scripted client for tests and offline demos is in `@toolwright/agent/testing`.

// The loop
export { Agent } from './loop/agent';
export type { AgentOptions, AgentHooks, AgentRunOptions, AgentInput } from './loop/agent-options';
export type { AgentRunResult, StopReason } from './loop/agent-run-result';
export type { AgentToolResult, ToolCallStatus } from './loop/agent-tool-result';
export type { AgentState, SuspendedCall } from './loop/agent-state';
export type {
  AgentEvent,
  TurnStartEvent,
  AgentTextDeltaEvent,
  ToolCallStartedEvent,
  ToolProgressEvent,
  ToolResultEvent,
  InvalidCallEvent,
  ApprovalRequiredEvent,
  TurnFinishEvent,
  DoneEvent,
} from './loop/agent-event';

// Tool search (deferred tools loaded on demand)
export type { ToolSearchOptions } from './search/tool-search-options';

// Messages
export type {
  AgentMessage,
  UserMessage,
  AssistantMessage,
  ToolMessage,
  ToolCallRequest,
} from './messages/agent-message';

// Models
export type { ModelClient, ModelRequest, ToolChoice } from './model/model-client';
export type {
  ModelEvent,
  FinishReason,
  TextDeltaEvent,
  ToolCallStartEvent,
  ToolCallDeltaEvent,
  ToolCallEvent,
  FinishEvent,
} from './model/model-event';
export { collectModelResponse } from './model/collect-model-response';
export type { ModelResponse } from './model/collect-model-response';
export { ModelError } from './model/model-error';
export type { ModelErrorKind, ModelErrorOptions } from './model/model-error';
export { addUsage, NO_USAGE } from './model/usage';
export type { Usage } from './model/usage';

// Clients
export { OpenAiChatClient } from './clients/openai/openai-chat-client';
export type { OpenAiChatClientOptions } from './clients/openai/openai-chat-client';
export { AnthropicMessagesClient } from './clients/anthropic/anthropic-messages-client';
export type { AnthropicMessagesClientOptions } from './clients/anthropic/anthropic-messages-client';
export type { HttpClientOptions } from './clients/http/http-settings';
export type { StreamLimits } from './clients/http/stream-limits';
export { DEFAULT_STREAM_LIMITS, MAX_STREAM_INDEX } from './clients/http/stream-limits';

// Recovery
export type { InvalidToolCall, InvalidCallReason } from './recovery/invalid-tool-call';
export type { RecoveryAction, InvalidCallHook } from './recovery/recovery-action';
export { repairNearMissNames } from './recovery/repair-near-miss-names';
export type { RepairNearMissNamesOptions } from './recovery/repair-near-miss-names';
export { retryWithErrorFeedback } from './recovery/retry-with-error-feedback';
export type { RetryWithErrorFeedbackOptions } from './recovery/retry-with-error-feedback';
export { chainRecovery } from './recovery/chain-recovery';

// Hooks around turns and calls
export type { BeforeTurnHook, TurnRequest } from './hooks/before-turn-hook';
export type { BeforeCallHook, BeforeCallRequest, BeforeCallAction } from './hooks/before-call-hook';
export type { AfterCallHook, AfterCallRequest, AfterCallAction } from './hooks/after-call-hook';
export { HookAnswerError } from './hooks/hook-answers';

// Approvals
export type {
  ApprovalHook,
  ApprovalRequest,
  ApprovalDecision,
  DenyDecision,
  AllowDecision,
  ResumeDecision,
  PendingApproval,
} from './approval/approval';
export { ApprovalStateError } from './approval/approval-state-error';
export type { ApprovalStateErrorCode } from './approval/approval-state-error';
