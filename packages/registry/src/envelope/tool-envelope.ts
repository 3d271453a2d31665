import { isReadOnlyKind } from '../taxonomy/is-read-only-kind';
import { kindOfDialectTool } from '../taxonomy/dialect-kinds';
import { isToolKind, type ToolKind } from '../taxonomy/tool-kind';
import { toolLabel } from '../taxonomy/tool-label';
import { isToolNamespace, type ToolNamespace } from '../taxonomy/tool-namespace';
import { projectEnvelopeInput, type ToolEnvelopeInput } from './project-envelope-input';

/** The key under which the envelope travels in metadata (MCP `_meta`, result meta, transcripts). */
export const TOOL_ENVELOPE_KEY = 'toolwright/tool';

/** The envelope format version this code writes. */
export const TOOL_ENVELOPE_VERSION = 1;

/**
 * The `toolwright/tool` metadata envelope: what a host needs to display and classify a tool call
 * whatever dialect the tool speaks. Never carries file contents or edit payloads.
 */
export interface ToolEnvelope {
  readonly version: typeof TOOL_ENVELOPE_VERSION;
  /** The tool's registered name. */
  readonly name: string;
  readonly kind: ToolKind;
  /** `toolLabel(kind)`. */
  readonly label: string;
  readonly namespace: ToolNamespace;
  readonly readOnly: boolean;
  /** The small cross-dialect part of the call's input (path, pattern, command, url, …); absent without input. */
  readonly input?: ToolEnvelopeInput;
}

/** What `toolEnvelope` needs to know about a tool: a registered tool, an erased tool's definition, or a literal. */
export interface EnvelopeSubject {
  readonly name: string;
  /** A `ToolKind`; absent or unknown → looked up in the namespace's dialect, else `other`. */
  readonly kind?: string;
  /** A `ToolNamespace`; absent → `native`. An unknown namespace throws. */
  readonly namespace?: string;
  /** Absent → `isReadOnlyKind(kind)`. */
  readonly readOnly?: boolean;
}

/**
 * Builds the `toolwright/tool` envelope of a tool, and of one call when `input` (the call's parsed
 * arguments) is given. Throws a `TypeError` for a namespace outside `TOOL_NAMESPACES`.
 */
export function toolEnvelope(tool: EnvelopeSubject, input?: unknown): ToolEnvelope {
  const namespace = tool.namespace ?? 'native';
  if (!isToolNamespace(namespace)) {
    throw new TypeError(
      `Unknown tool namespace ${JSON.stringify(namespace)} for ${tool.name}; use one of native, codex, opencode, mcp, user, internal.`,
    );
  }
  const kind: ToolKind = isToolKind(tool.kind)
    ? tool.kind
    : (kindOfDialectTool(namespace, tool.name) ?? 'other');
  const envelope: {
    version: typeof TOOL_ENVELOPE_VERSION;
    name: string;
    kind: ToolKind;
    label: string;
    namespace: ToolNamespace;
    readOnly: boolean;
    input?: ToolEnvelopeInput;
  } = {
    version: TOOL_ENVELOPE_VERSION,
    name: tool.name,
    kind,
    label: toolLabel(kind),
    namespace,
    readOnly: tool.readOnly ?? isReadOnlyKind(kind),
  };
  if (input !== undefined) envelope.input = projectEnvelopeInput(input);
  return Object.freeze(envelope);
}
