import type { ToolDefinitionAnnotations } from '@toolwright/core';
import type { ToolKind } from '../taxonomy/tool-kind';
import type { ToolNamespace } from '../taxonomy/tool-namespace';
import type { ResolvedAnnotations } from './registered-tool';

// Kinds whose calls change or remove what exists (MCP's pessimistic default applies to `other`).
const DESTRUCTIVE_KINDS: ReadonlySet<ToolKind> = new Set<ToolKind>([
  'write',
  'edit',
  'patch',
  'delete',
  'move',
  'shell',
  'process',
  'browser',
  'notebook_edit',
  'git',
  'query',
  'other',
]);

// Kinds that reach beyond the host: the web, remote generators.
const OPEN_WORLD_KINDS: ReadonlySet<ToolKind> = new Set<ToolKind>([
  'fetch',
  'web_search',
  'browser',
  'image_gen',
  'video_gen',
  'audio_gen',
  'transcribe',
]);

/**
 * Every hint explicit: what the tool declares, else a default from its kind. A read-only tool is
 * never destructive and is idempotent unless it says otherwise; imported MCP tools are open-world
 * unless they say otherwise. Frozen and shared: there are only eight combinations.
 */
export function resolveAnnotations(
  declared: ToolDefinitionAnnotations | undefined,
  kind: ToolKind,
  namespace: ToolNamespace,
  readOnly: boolean,
): ResolvedAnnotations {
  const destructive = readOnly ? false : (declared?.destructive ?? DESTRUCTIVE_KINDS.has(kind));
  const idempotent = declared?.idempotent ?? readOnly;
  const openWorld = declared?.openWorld ?? (OPEN_WORLD_KINDS.has(kind) || namespace === 'mcp');
  // Hand-made erased tools are not validated by core: a value that is not a boolean is kept as given.
  if (typeof destructive !== 'boolean' || typeof idempotent !== 'boolean' || typeof openWorld !== 'boolean')
    return Object.freeze({ destructive, idempotent, openWorld });
  return RESOLVED[(destructive ? 4 : 0) + (idempotent ? 2 : 0) + (openWorld ? 1 : 0)]!;
}

// Every combination, indexed by the three hints as bits (destructive, idempotent, open-world).
const RESOLVED: readonly ResolvedAnnotations[] = Array.from({ length: 8 }, (_, bits) =>
  Object.freeze({ destructive: (bits & 4) !== 0, idempotent: (bits & 2) !== 0, openWorld: (bits & 1) !== 0 }),
);
