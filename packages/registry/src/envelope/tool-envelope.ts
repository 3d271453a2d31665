import { isReadOnlyKind } from '../taxonomy/is-read-only-kind';
import { carriesPayload } from '../taxonomy/payload-kinds';
import { kindOfDialectTool } from '../taxonomy/dialect-kinds';
import { isToolKind, type ToolKind } from '../taxonomy/tool-kind';
import { toolLabel } from '../taxonomy/tool-label';
import { isToolNamespace, type ToolNamespace } from '../taxonomy/tool-namespace';
import { boundRawInput, type RawInput } from './bound-raw-input';
import { projectEnvelopeInput, type ToolEnvelopeInput } from './project-envelope-input';

/** The key under which the envelope travels in metadata (MCP `_meta`, result meta, transcripts). */
export const TOOL_ENVELOPE_KEY = 'toolwright/tool';

/** The envelope format version this code writes (2: `rawInput` added). */
export const TOOL_ENVELOPE_VERSION = 2;

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
  /**
   * The call's input bounded for display (`boundRawInput`), only when no cross-dialect key projects
   * and the kind carries no payload (`carriesPayload`): never file contents or edit payloads.
   */
  readonly rawInput?: RawInput;
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
    rawInput?: RawInput;
  } = {
    version: TOOL_ENVELOPE_VERSION,
    name: tool.name,
    kind,
    label: toolLabel(kind),
    namespace,
    readOnly: tool.readOnly ?? isReadOnlyKind(kind),
  };
  if (input !== undefined) {
    envelope.input = projectEnvelopeInput(input);
    const rawInput = rawInputFallback(kind, envelope.input, input);
    if (rawInput !== undefined) envelope.rawInput = rawInput;
  }
  return Object.freeze(envelope);
}

/**
 * The bounded raw input an envelope carries when its projection is empty (Grok's `raw_input`), so
 * a host has something to show; never for a kind that carries payloads.
 */
export function rawInputFallback(
  kind: ToolKind,
  projected: ToolEnvelopeInput,
  input: unknown,
): RawInput | undefined {
  if (carriesPayload(kind) || Object.keys(projected).length > 0) return undefined;
  return boundRawInput(input);
}
