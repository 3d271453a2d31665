/**
 * The projection of a call's input kept in an envelope: small keys every dialect shares, each a
 * string capped at `ENVELOPE_STRING_LIMIT` characters. Contents, edit payloads and patches never appear.
 */
export interface ToolEnvelopeInput {
  /** A file or directory (`path`, `file_path`, `filePath`, `dir_path`, `notebook_path`). */
  readonly path?: string;
  /** A search or glob pattern (`pattern`, `glob`, `include`). */
  readonly pattern?: string;
  /** A shell command (`command`, `cmd`; an argv array is joined with spaces). */
  readonly command?: string;
  /** A URL (`url`, `uri`). */
  readonly url?: string;
  /** A search query (`query`, `q`). */
  readonly query?: string;
  /** A working directory (`cwd`, `workdir`). */
  readonly cwd?: string;
}

/** The longest string an envelope input keeps; longer ones are cut and end with `…`. */
export const ENVELOPE_STRING_LIMIT = 256;

/** The canonical envelope input keys and, for each, the names dialects give it (first match wins). */
export const ENVELOPE_INPUT_ALIASES: Readonly<Record<keyof ToolEnvelopeInput, readonly string[]>> =
  Object.freeze({
    path: ['path', 'file_path', 'filePath', 'dir_path', 'dirPath', 'notebook_path', 'notebookPath'],
    pattern: ['pattern', 'glob', 'include'],
    command: ['command', 'cmd'],
    url: ['url', 'uri'],
    query: ['query', 'q'],
    cwd: ['cwd', 'workdir'],
  });

/** Projects a call's input (a parsed object or its JSON text) onto `ToolEnvelopeInput`. Never throws. */
export function projectEnvelopeInput(input: unknown): ToolEnvelopeInput {
  const source = parseEnvelopeInput(input);
  const projected: Partial<Record<keyof ToolEnvelopeInput, string>> = {};
  if (source === undefined) return Object.freeze(projected);
  for (const key of Object.keys(ENVELOPE_INPUT_ALIASES) as (keyof ToolEnvelopeInput)[]) {
    for (const alias of ENVELOPE_INPUT_ALIASES[key]) {
      if (!Object.hasOwn(source, alias)) continue;
      const text = asText(source[alias]);
      if (text === undefined) continue;
      projected[key] = capEnvelopeString(text);
      break;
    }
  }
  return Object.freeze(projected);
}

/** A call's input as an object: the object itself, or the object its JSON text holds; else `undefined`. */
export function parseEnvelopeInput(input: unknown): Record<string, unknown> | undefined {
  try {
    const value = typeof input === 'string' ? (JSON.parse(input) as unknown) : input;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    return value as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

function asText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  // codex's shell takes an argv array.
  if (Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string'))
    return (value as string[]).join(' ');
  return undefined;
}

/** A string cut to `ENVELOPE_STRING_LIMIT` characters on a code point boundary, ending with `…` when cut. */
export function capEnvelopeString(text: string): string {
  if (text.length <= ENVELOPE_STRING_LIMIT) return text;
  // Cut on a code point boundary, so the envelope never holds a lone surrogate.
  const points = Array.from(text.slice(0, ENVELOPE_STRING_LIMIT));
  let cut = '';
  for (const point of points) {
    if (cut.length + point.length > ENVELOPE_STRING_LIMIT - 1) break;
    cut += point;
  }
  return `${cut}…`;
}
