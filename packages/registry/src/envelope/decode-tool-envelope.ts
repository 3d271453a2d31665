import { isToolKind, type ToolKind } from '../taxonomy/tool-kind';
import { toolLabel } from '../taxonomy/tool-label';
import { isToolNamespace, TOOL_NAMESPACES } from '../taxonomy/tool-namespace';
import { projectEnvelopeInput } from './project-envelope-input';
import { rawInputFallback, TOOL_ENVELOPE_VERSION, type ToolEnvelope } from './tool-envelope';
import { ToolEnvelopeError } from './tool-envelope-error';

/**
 * Reads a `toolwright/tool` envelope received from elsewhere (an MCP `_meta`, a transcript). Lenient
 * where display is concerned, strict where classification is: an unknown `kind` becomes `other`
 * (keeping the sender's label), so old readers do not break on new kinds; an unknown `namespace` throws
 * `ToolEnvelopeError`, so a new family of tools does not pass unnoticed. The input is re-projected
 * (unknown keys dropped, strings capped), and a `rawInput` bounded again.
 */
export function decodeToolEnvelope(value: unknown): ToolEnvelope {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ToolEnvelopeError('A toolwright/tool envelope must be an object.', '');
  }
  const record = value as Record<string, unknown>;
  const field = (key: string): unknown => (Object.hasOwn(record, key) ? record[key] : undefined);

  const version = field('version');
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    throw new ToolEnvelopeError(
      `The envelope's version must be a positive integer (it is ${describe(version)}).`,
      'version',
    );
  }
  const name = field('name');
  if (typeof name !== 'string' || name === '') {
    throw new ToolEnvelopeError(
      `The envelope's name must be a non-empty string (it is ${describe(name)}).`,
      'name',
    );
  }
  const namespace = field('namespace');
  if (!isToolNamespace(namespace)) {
    throw new ToolEnvelopeError(
      `Unknown tool namespace ${describe(namespace)} in the envelope of ${name}; known namespaces: ${TOOL_NAMESPACES.join(', ')}.`,
      'namespace',
    );
  }
  const sentKind = field('kind');
  const kind: ToolKind = isToolKind(sentKind) ? sentKind : 'other';
  const sentLabel = field('label');
  const label = typeof sentLabel === 'string' && sentLabel !== '' ? sentLabel : toolLabel(kind);
  const readOnly = field('readOnly') === true;
  const envelope: { -readonly [K in keyof ToolEnvelope]: ToolEnvelope[K] } = {
    version: TOOL_ENVELOPE_VERSION,
    name,
    kind,
    label: isToolKind(sentKind) ? toolLabel(kind) : label,
    namespace,
    readOnly,
  };
  const input = field('input');
  if (input !== undefined) envelope.input = projectEnvelopeInput(input);
  // Bounded again, under this reader's rules: a sender's rawInput never brings more than ours would.
  const rawInput = field('rawInput');
  if (rawInput !== undefined) {
    const bounded = rawInputFallback(kind, envelope.input ?? {}, rawInput);
    if (bounded !== undefined) envelope.rawInput = bounded;
  }
  return Object.freeze(envelope);
}

function describe(value: unknown): string {
  if (value === undefined) return 'missing';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return typeof value;
  }
}
