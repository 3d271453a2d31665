/** One `x-mcp-header` declaration of a remote tool's input schema (SEP-2243). */
export interface ParamHeaderDeclaration {
  /** The property path from the arguments object (`properties` keys). */
  readonly path: readonly string[];
  /** The header's name after `Mcp-Param-`, as declared. */
  readonly name: string;
}

/** A tool's declarations, or why they make its definition invalid. */
export type ParamHeaderScan =
  | { readonly ok: true; readonly declarations: readonly ParamHeaderDeclaration[] }
  | { readonly ok: false; readonly reason: string };

// RFC 9110 token characters.
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const HEADER_TYPES = new Set(['string', 'integer', 'boolean']);
// Where a declaration may not be: anything but a chain of `properties`.
const ELSEWHERE = [
  'items',
  'prefixItems',
  'additionalProperties',
  'patternProperties',
  'unevaluatedProperties',
  'oneOf',
  'anyOf',
  'allOf',
  'not',
  'if',
  'then',
  'else',
  '$defs',
  'definitions',
  'dependentSchemas',
  'contains',
  'propertyNames',
];

/**
 * Reads a remote tool's `x-mcp-header` declarations (SEP-2243): each on a property reached by a
 * chain of `properties` keys, a non-empty RFC 9110 token, on a `string`, `integer` or `boolean`
 * property, unique ignoring case. Any other use makes the definition invalid: the import skips
 * such a tool, as the revision requires, rather than calling it with headers it cannot send.
 */
export function scanParamHeaders(schema: unknown): ParamHeaderScan {
  const declarations: ParamHeaderDeclaration[] = [];
  const seen = new Map<string, string>();
  const visit = (node: unknown, path: readonly string[], reachable: boolean): string | undefined => {
    if (typeof node !== 'object' || node === null) return undefined;
    const record = node as Record<string, unknown>;
    if (Object.hasOwn(record, 'x-mcp-header')) {
      const name = record['x-mcp-header'];
      const where = path.length === 0 ? 'the schema' : `property ${path.join('.')}`;
      if (!reachable || path.length === 0)
        return `${where}: x-mcp-header is only allowed on a property reached through "properties"`;
      if (typeof name !== 'string' || name === '') return `${where}: x-mcp-header must be a non-empty string`;
      if (!TOKEN.test(name)) return `${where}: x-mcp-header ${JSON.stringify(name)} is not an HTTP token`;
      const type = record['type'];
      if (typeof type !== 'string' || !HEADER_TYPES.has(type))
        return `${where}: x-mcp-header is only allowed on a string, integer or boolean property`;
      const prior = seen.get(name.toLowerCase());
      if (prior !== undefined) return `x-mcp-header ${JSON.stringify(name)} repeats ${JSON.stringify(prior)}`;
      seen.set(name.toLowerCase(), name);
      declarations.push({ path, name });
    }
    const properties = record['properties'];
    if (typeof properties === 'object' && properties !== null) {
      for (const [key, child] of Object.entries(properties)) {
        const fault = visit(child, [...path, key], reachable);
        if (fault !== undefined) return fault;
      }
    }
    for (const keyword of ELSEWHERE) {
      const sub = record[keyword];
      if (typeof sub !== 'object' || sub === null) continue;
      const branches = Array.isArray(sub)
        ? sub
        : keyword === '$defs' ||
            keyword === 'definitions' ||
            keyword === 'patternProperties' ||
            keyword === 'dependentSchemas'
          ? Object.values(sub)
          : [sub];
      for (const branch of branches) {
        const fault = visit(branch, [...path, `<${keyword}>`], false);
        if (fault !== undefined) return fault;
      }
    }
    return undefined;
  };
  const fault = visit(schema, [], true);
  return fault === undefined ? { ok: true, declarations } : { ok: false, reason: fault };
}

/**
 * The `Mcp-Param-{Name}` headers of one call: each declared argument's value as text (strings as
 * they are, integers in decimal, booleans `true`/`false`), as `=?base64?…?=` when the text could
 * not travel literally (empty, padded, non-ASCII or control characters). An absent or `null`
 * argument sends no header.
 */
export function paramHeaders(
  declarations: readonly ParamHeaderDeclaration[],
  args: Readonly<Record<string, unknown>>,
): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const declaration of declarations) {
    let value: unknown = args;
    for (const key of declaration.path) {
      value =
        typeof value === 'object' && value !== null && Object.hasOwn(value, key)
          ? (value as Record<string, unknown>)[key]
          : undefined;
    }
    const text = headerText(value);
    if (text !== undefined) headers[`Mcp-Param-${declaration.name}`] = encodeHeaderValue(text);
  }
  return headers;
}

function headerText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  return undefined;
}

function encodeHeaderValue(text: string): string {
  const literal =
    text !== '' &&
    text === text.trim() &&
    !(text.startsWith('=?base64?') && text.endsWith('?=')) &&
    [...text].every((char) => char === '\t' || (char >= ' ' && char <= '~'));
  if (literal) return text;
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return `=?base64?${btoa(binary)}?=`;
}
