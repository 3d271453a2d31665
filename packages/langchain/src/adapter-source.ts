import type { ToolSet } from '@toolwright/core';
import type { ToolServerHandle, ToolSnapshot } from '@toolwright/registry';
import { readAdapterSource, type AdapterSource } from '@toolwright/registry/internal';

export { adaptedTool, callSecrets, contentText, visibleContent } from '@toolwright/registry/internal';
export type { AdaptedTool } from '@toolwright/registry/internal';

/** What `langChainTools` adapts: a finalized registry's handle, one of its snapshots, or a `ToolSet`. */
export type LangChainToolSource = ToolServerHandle | ToolSnapshot | ToolSet;

/** The source read by its shape (the one reading every framework adapter shares). */
export function langChainSource(source: LangChainToolSource): AdapterSource {
  return readAdapterSource(source, 'langChainTools');
}
