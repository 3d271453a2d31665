import type { ToolCallContext } from '../context/tool-call-context';
import type { ToolResult } from '../result/tool-result';
import type { ErasedTool } from './erased-tool';

/** Runs one call straight to its result, dropping progress; never throws, and a promise never rejects. */
export type DirectRun = (rawArgs: unknown, ctx: ToolCallContext) => ToolResult | Promise<ToolResult>;

// Non-enumerable, so a copy of an erased tool with its own `execute` (a wrapper) does not carry it.
const DIRECT_RUN = Symbol('toolwright.ErasedTool.run');

/**
 * Gives an erased tool of the runtime's own a way to be run without a stream, which a caller that
 * does not listen to progress (`ToolSet.call` without `onProgress`) uses instead of `execute`:
 * the same engine, minus the stream and the drain. Internal.
 */
export function attachDirectRun(tool: ErasedTool, run: DirectRun): void {
  Object.defineProperty(tool, DIRECT_RUN, { value: run, enumerable: false });
}

/** The direct run of an erased tool made by `createErasedTool`, or `undefined` for any other. */
export function directRunOf(tool: ErasedTool): DirectRun | undefined {
  return (tool as { [DIRECT_RUN]?: DirectRun })[DIRECT_RUN];
}
