import type { Usage } from './usage';

/** Why the model stopped, normalized across providers. */
export type FinishReason = 'stop' | 'tool_calls' | 'length' | 'content_filter' | 'other';

/** A piece of the model's text. */
export interface TextDeltaEvent {
  readonly type: 'text-delta';
  readonly text: string;
}

/** A tool call began streaming: its id and name are known, its arguments are not yet. */
export interface ToolCallStartEvent {
  readonly type: 'tool-call-start';
  readonly index: number;
  readonly id: string;
  readonly name: string;
}

/** A fragment of a streaming tool call's argument text. */
export interface ToolCallDeltaEvent {
  readonly type: 'tool-call-delta';
  readonly index: number;
  readonly argumentsDelta: string;
}

/** A complete tool call (emitted once per call, after its last fragment). */
export interface ToolCallEvent {
  readonly type: 'tool-call';
  readonly index: number;
  readonly id: string;
  readonly name: string;
  /** The raw argument text; it may be malformed JSON, which the decoder reports to the model. */
  readonly arguments: string;
}

/** The end of the response: always the last event of a successful stream. */
export interface FinishEvent {
  readonly type: 'finish';
  readonly finishReason: FinishReason;
  /** The provider's own value (`tool_calls`, `end_turn`, …). */
  readonly rawFinishReason?: string;
  readonly usage?: Usage;
}

/** What a `ModelClient` streams for one request. */
export type ModelEvent =
  TextDeltaEvent | ToolCallStartEvent | ToolCallDeltaEvent | ToolCallEvent | FinishEvent;
