import type { ToolCallContext } from '../context/tool-call-context';
import type { ToolStream } from '../stream/tool-stream';
import type { ToolDefinition } from './tool-definition';

/** The one runtime form of every tool, whatever way it was written: a definition and `execute`. */
export interface ErasedTool {
  readonly definition: ToolDefinition;
  /** Runs one call: progress items, then exactly one terminal. Never throws; failures are terminal results. */
  execute(rawArgs: unknown, ctx: ToolCallContext): ToolStream;
}
