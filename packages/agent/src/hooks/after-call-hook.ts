import type { ContentBlock, ToolResult } from '@toolwright/core';
import type { RegisteredTool } from '@toolwright/registry';
import type { ToolCallRequest } from '../messages/agent-message';

/** What `afterCall` sees: a call that ran, and the content the model would read. */
export interface AfterCallRequest {
  readonly call: ToolCallRequest;
  readonly tool: RegisteredTool;
  readonly turn: number;
  /** The registry's result, success or failure (host-only `meta` included). */
  readonly result: ToolResult;
  /** What the model reads as the result, unless the hook replaces it. */
  readonly content: readonly ContentBlock[];
}

/** The content the model reads instead (redacted, annotated or replaced): a non-empty list of blocks. */
export interface AfterCallAction {
  readonly content: readonly ContentBlock[];
}

/**
 * Redacts, annotates or replaces what the model reads of a call that ran (succeeded or failed;
 * invalid calls go to `onInvalidCall`). `undefined` keeps the content. The host-only values are
 * scrubbed from the content afterwards, whatever the hook returns; an answer that is not a
 * non-empty list of content blocks ends the run with `stopReason: 'error'`, since the content it
 * meant to redact must not reach the model.
 */
export type AfterCallHook = (
  request: AfterCallRequest,
) => AfterCallAction | undefined | Promise<AfterCallAction | undefined>;
