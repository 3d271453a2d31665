import type { ContentBlock, ProgressItem } from '@toolwright/core';

/** A preliminary result of a toolwright tool in the AI SDK: one progress item, as the tool reported it. */
export interface AiSdkToolProgress {
  readonly type: 'progress';
  readonly progress: ProgressItem;
}

/** The final result of a toolwright tool in the AI SDK: the output's JSON and the model-visible content. */
export interface AiSdkToolResult {
  readonly type: 'result';
  /** The tool's output as JSON (`ToolSuccess.json`). */
  readonly json: unknown;
  /** What the model reads (`toModelOutput` sends these blocks), host-only values scrubbed. */
  readonly content: readonly ContentBlock[];
}

/** What a toolwright tool yields in the AI SDK: progress items as preliminary results, then the result. */
export type AiSdkToolOutput = AiSdkToolProgress | AiSdkToolResult;
