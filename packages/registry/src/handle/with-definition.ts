import type { ErasedTool, ToolDefinition } from '@toolwright/core';

/**
 * The same tool with parts of its definition replaced (the registry's resolved namespace, kind and
 * read-only flag, the rendered description), so `erased.definition` agrees with the registered tool.
 * Cheap: the tool is not erased again; calls go to the original.
 */
export function withDefinition(erased: ErasedTool, changes: Partial<ToolDefinition>): ErasedTool {
  const definition = Object.freeze({ ...erased.definition, ...changes }) as ToolDefinition;
  return Object.freeze({ definition, execute: erased.execute.bind(erased) });
}
