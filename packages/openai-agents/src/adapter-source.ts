import type { JsonSchema, ToolSet } from '@toolwright/core';
import type { ToolServerHandle, ToolSnapshot } from '@toolwright/registry';
import {
  adaptedTool,
  readAdapterSource,
  type AdaptedTool as SharedAdaptedTool,
  type AdapterSource,
} from '@toolwright/registry/internal';

export { callSecrets, contentText, visibleContent } from '@toolwright/registry/internal';

/** What `openAiAgentsTools` adapts: a finalized registry's handle, one of its snapshots, or a `ToolSet`. */
export type OpenAiAgentsToolSource = ToolServerHandle | ToolSnapshot | ToolSet;

/** One tool as the adapter offers it, whatever the source. */
export interface AdaptedTool extends SharedAdaptedTool {
  /** The OpenAI strict-mode schema (the registry's `openai-strict` definition) when the tool has one. */
  readonly strictInputSchema: JsonSchema | undefined;
}

/** The source read by its shape (the one reading every framework adapter shares). */
export function agentsSource(source: OpenAiAgentsToolSource): AdapterSource {
  return readAdapterSource(source, 'openAiAgentsTools');
}

/** The source's tools, in registration order, with the schemas core derived for them. */
export function adaptedTools(source: AdapterSource): AdaptedTool[] {
  const snapshot = source.snapshot?.();
  const strict = snapshot?.definitions('openai-strict');
  return source.tools().map((tool, index) => {
    const definition = strict?.[index]?.function;
    return {
      ...adaptedTool(tool),
      strictInputSchema: definition?.strict === true ? definition.parameters : undefined,
    };
  });
}
