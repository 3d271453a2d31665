import type { ToolServerHandle, ToolSnapshot } from '@toolwright/registry';
import {
  readAdapterSource,
  type AdapterSource,
  type AdapterToolInfo,
  type ToolSetLike,
} from '@toolwright/registry/internal';

export type { ToolSetLike } from '@toolwright/registry/internal';

/** What `aiSdkTools` accepts: a finalized registry's handle, one of its snapshots, or a core `ToolSet`. */
export type AiSdkToolSource = ToolServerHandle | ToolSnapshot | ToolSetLike;

/** One toolwright tool as the adapter offers it (a `RegisteredTool` or a `ToolDefinition`). */
export type ToolInfo = AdapterToolInfo;

/** The source, read by shape (no `instanceof`): its tools, calls, secrets and changes. */
export type ResolvedSource = AdapterSource;

/** Reads a source by its shape; throws a `TypeError` naming what is accepted otherwise. */
export function resolveSource(source: AiSdkToolSource): ResolvedSource {
  return readAdapterSource(source, 'aiSdkTools');
}
