import type { JsonSchema } from '@toolwright/core';

// The OpenAPI 3.0 subset Gemini function declarations accept.
const KEYWORDS: ReadonlySet<string> = new Set([
  'type',
  'format',
  'title',
  'description',
  'nullable',
  'enum',
  'properties',
  'required',
  'items',
  'minItems',
  'maxItems',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'pattern',
  'anyOf',
  'minProperties',
  'maxProperties',
]);

/**
 * The Gemini form of an input schema: `$ref`s inlined from `$defs` (a recursive reference, which
 * Gemini cannot express, becomes an open object), `null` types turned into `nullable: true`, `const`
 * into a one-value `enum`, non-string enums and unsupported keywords (`additionalProperties`,
 * `default`, `examples`, …) dropped. `undefined` for a schema without properties: Gemini wants no
 * `parameters` then.
 */
export function toGeminiSchema(schema: JsonSchema): JsonSchema | undefined {
  const properties = schema['properties'];
  if (typeof properties !== 'object' || properties === null || Object.keys(properties).length === 0)
    return undefined;
  const definitions = (schema['$defs'] ?? schema['definitions'] ?? {}) as Record<string, unknown>;
  return convert(schema, definitions, []) as JsonSchema;
}

function convert(
  schema: unknown,
  definitions: Record<string, unknown>,
  stack: readonly string[],
): Record<string, unknown> {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return {};
  const source = foldNull(schema as Record<string, unknown>);
  const reference = source['$ref'];
  if (typeof reference === 'string') {
    const name = reference.replace(/^#\/(\$defs|definitions)\//, '');
    const target = Object.hasOwn(definitions, name) ? definitions[name] : undefined;
    if (target === undefined || stack.includes(name)) {
      const description = typeof source['description'] === 'string' ? source['description'] : `A ${name}.`;
      return { type: 'object', description };
    }
    const { $ref: _ref, ...rest } = source;
    return convert({ ...(target as Record<string, unknown>), ...rest }, definitions, [...stack, name]);
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) {
    if (!KEYWORDS.has(key)) continue;
    switch (key) {
      case 'properties': {
        const converted: Record<string, unknown> = {};
        for (const [name, property] of Object.entries(value as Record<string, unknown>))
          converted[name] = convert(property, definitions, stack);
        if (Object.keys(converted).length > 0) out[key] = converted;
        break;
      }
      case 'items':
        out[key] = convert(value, definitions, stack);
        break;
      case 'anyOf':
        out[key] = (value as unknown[]).map((member) => convert(member, definitions, stack));
        break;
      case 'enum':
        if (Array.isArray(value) && value.every((member) => typeof member === 'string')) out[key] = value;
        break;
      case 'format':
        if (value === 'date-time' || value === 'enum' || value === 'int32' || value === 'int64')
          out[key] = value;
        break;
      default:
        out[key] = value;
    }
  }
  if (source['const'] !== undefined && typeof source['const'] === 'string') out['enum'] = [source['const']];
  if (Array.isArray(out['required']) && out['properties'] === undefined) delete out['required'];
  return out;
}

// `type: ['string', 'null']` and `anyOf: [X, { type: 'null' }]` become `nullable: true`.
function foldNull(source: Record<string, unknown>): Record<string, unknown> {
  const type = source['type'];
  if (Array.isArray(type) && type.includes('null')) {
    const rest = type.filter((member) => member !== 'null');
    const folded: Record<string, unknown> = { ...source, nullable: true };
    if (rest.length === 1) folded['type'] = rest[0];
    else delete folded['type'];
    if (Array.isArray(folded['enum']))
      folded['enum'] = (folded['enum'] as unknown[]).filter((member) => member !== null);
    return folded;
  }
  const anyOf = source['anyOf'];
  if (Array.isArray(anyOf) && anyOf.some(isNullSchema)) {
    const rest = anyOf.filter((member) => !isNullSchema(member));
    const { anyOf: _anyOf, ...others } = source;
    if (rest.length === 1) return { ...(rest[0] as Record<string, unknown>), ...others, nullable: true };
    return { ...others, anyOf: rest, nullable: true };
  }
  return source;
}

function isNullSchema(schema: unknown): boolean {
  return (
    typeof schema === 'object' && schema !== null && (schema as Record<string, unknown>)['type'] === 'null'
  );
}
