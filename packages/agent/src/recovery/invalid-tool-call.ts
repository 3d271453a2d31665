import type { ToolError } from '@toolwright/core';
import type { AgentMessage, ToolCallRequest } from '../messages/agent-message';

/**
 * Why a tool call is invalid: the name is not a registered tool (`unknown_tool`), names a tool
 * this agent does not offer (`disallowed_tool`), the arguments did not decode (`invalid_arguments`,
 * malformed JSON included), or the registry's guard refused the call (`denied`).
 */
export type InvalidCallReason = 'unknown_tool' | 'disallowed_tool' | 'invalid_arguments' | 'denied';

/** An invalid tool call, as the `onInvalidCall` hook sees it. */
export interface InvalidToolCall {
  /** The call as it stands (after earlier repairs of it, if any). */
  readonly call: ToolCallRequest;
  readonly reason: InvalidCallReason;
  /** The error; its `modelText` is what the model reads when the action is `fail`. */
  readonly error: ToolError;
  readonly turn: number;
  /** 1 for the model's own call, 2 and more once a hook has repaired it. */
  readonly attempt: number;
  /** How many `retry` actions were taken earlier in this run. */
  readonly retries: number;
  /** The tool names the model may call in this turn, in registration order. */
  readonly availableTools: readonly string[];
  /**
   * The transcript so far, read-only (a frozen copy): what the model was asked, ending with the
   * assistant message that made this call. For a repair that depends on the conversation.
   */
  readonly transcript: readonly AgentMessage[];
}
