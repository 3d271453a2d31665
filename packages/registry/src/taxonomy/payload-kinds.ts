import type { ToolKind } from './tool-kind';

// Kinds whose calls carry what they write: contents, edits, patches, notebook cells, memories.
const PAYLOAD_KINDS: ReadonlySet<ToolKind> = new Set<ToolKind>([
  'write',
  'edit',
  'patch',
  'notebook_edit',
  'memory',
]);

/**
 * Whether calls of this kind carry contents or edit payloads in their arguments (write, edit,
 * patch, notebook_edit, memory): the envelope shows only their cross-dialect keys (the path),
 * never a raw input, whatever their fields are called.
 */
export function carriesPayload(kind: ToolKind): boolean {
  return PAYLOAD_KINDS.has(kind);
}
