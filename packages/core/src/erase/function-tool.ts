import type { ToolCallContext } from '../context/tool-call-context';
import type { ToolOptions } from '../metadata/tool-options';
import { memberOf } from '../metadata/member-of';
import { describeFunctionTool } from '../model/read-tool-descriptors';
import type { ToolDescriptor } from '../model/tool-descriptor';

const FUNCTION_TOOL = Symbol.for('toolwright.FunctionTool');

/** A tool written as a function with `defineTool`: the same record as `@Tool`, no class needed. */
export interface FunctionTool<Args = any, Output = unknown> {
  readonly [FUNCTION_TOOL]: true;
  readonly descriptor: ToolDescriptor;
  readonly run: (args: Args, ctx: ToolCallContext) => Output;
}

/**
 * Defines a tool from a stateless function — the functional twin of `@Tool`. The args class (if
 * any) is named in `options.args`; a function with `async function*` streams progress.
 */
export function defineTool<Args = any, Output = unknown>(
  options: ToolOptions,
  run: (args: Args, ctx: ToolCallContext) => Output,
): FunctionTool<Args, Output> {
  const descriptor = describeFunctionTool(options, run);
  return Object.freeze({ [FUNCTION_TOOL]: true as const, descriptor, run });
}

/** Whether a value is a `defineTool` record. */
export function isFunctionTool(value: unknown): value is FunctionTool {
  return typeof value === 'object' && value !== null && memberOf(value, FUNCTION_TOOL) === true;
}
