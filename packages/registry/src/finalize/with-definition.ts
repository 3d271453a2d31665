import { redefineTool, type ErasedTool, type ToolDefinition } from '@toolwright/core';
import type { RegisteredTool } from './registered-tool';

/**
 * The same tool with its definition agreeing with the registered tool (the rendered description,
 * the registry's resolved namespace, kind and read-only flag), so `erased.definition` says what the
 * registry says. Cheap: the tool is not erased again; calls go to the original, fast path included.
 */
export function withDefinition(
  erased: ErasedTool,
  description: string,
  resolved: Pick<RegisteredTool, 'namespace' | 'kind' | 'readOnly'>,
): ErasedTool {
  // One literal rather than a spread of a changes object: a copy per tool, made at every finalize.
  const definition: ToolDefinition = Object.freeze({
    ...erased.definition,
    description,
    namespace: resolved.namespace,
    kind: resolved.kind,
    readOnly: resolved.readOnly,
  });
  return redefineTool(erased, definition);
}
