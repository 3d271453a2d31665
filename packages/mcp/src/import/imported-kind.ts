import { isReadOnlyKind, isToolKind, type ToolKind } from '@toolwright/registry';
import type { RemoteToolInfo, ToolKindMapping } from './import-options';

/** The kind and `readOnly` of an imported tool. */
export interface ImportedKind {
  readonly kind: ToolKind;
  readonly readOnly: boolean;
}

/**
 * The host's mapping first (its kind also decides `readOnly`: the host is trusted, the remote's
 * hints are not); else the remote's `readOnlyHint: true` makes the tool `read`, so calls of one
 * agent turn may run concurrently, and anything else is `other`, never read-only.
 */
export function importedKind(tool: RemoteToolInfo, mapping: ToolKindMapping | undefined): ImportedKind {
  const mapped =
    mapping === undefined
      ? undefined
      : typeof mapping === 'function'
        ? mapping(tool)
        : Object.prototype.hasOwnProperty.call(mapping, tool.remoteName)
          ? mapping[tool.remoteName]
          : undefined;
  if (mapped !== undefined) {
    if (!isToolKind(mapped))
      throw new Error(`the host's kind mapping gives ${JSON.stringify(mapped)}, which is not a ToolKind`);
    return { kind: mapped, readOnly: isReadOnlyKind(mapped) };
  }
  return tool.annotations['readOnlyHint'] === true
    ? { kind: 'read', readOnly: true }
    : { kind: 'other', readOnly: false };
}
