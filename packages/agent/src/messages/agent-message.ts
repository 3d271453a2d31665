import type { ContentBlock } from '@toolwright/core';

/** One tool call as the model asked for it: the provider's call id, the tool name and the raw argument text. */
export interface ToolCallRequest {
  readonly id: string;
  readonly name: string;
  /** The arguments exactly as the model sent them (a JSON string, possibly malformed). */
  readonly arguments: string;
}

/** A message from the user (or the host speaking for the user). */
export interface UserMessage {
  readonly role: 'user';
  readonly content: string;
}

/** A model turn: its text and the tool calls it asked for. */
export interface AssistantMessage {
  readonly role: 'assistant';
  readonly content: string;
  /** Absent when the turn asked for no tool. */
  readonly toolCalls?: readonly ToolCallRequest[];
}

/** The result of one tool call as the model sees it. */
export interface ToolMessage {
  readonly role: 'tool';
  readonly toolCallId: string;
  readonly toolName: string;
  /** The model-visible blocks (host-only values already scrubbed). */
  readonly content: readonly ContentBlock[];
  readonly isError: boolean;
}

/** One entry of a transcript, in a provider-neutral form that every `ModelClient` renders to its wire format. */
export type AgentMessage = UserMessage | AssistantMessage | ToolMessage;
