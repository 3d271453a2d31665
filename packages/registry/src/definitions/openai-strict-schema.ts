import {
  OPENAI_STRICT_FORMATS as FORMATS,
  OPENAI_STRICT_KEYWORDS as KEYWORDS,
  type JsonSchema,
} from '@toolwright/core';

/**
 * The OpenAI strict-mode form of an input schema: every object closed (`additionalProperties: false`)
 * with every property required, optional ones made nullable (the decoder reads `null` as absent),
 * unsupported keywords and formats dropped. `undefined` when the schema cannot be made strict
 * (a free-form object, a map, a root that is not an object) — the tool is then sent with `strict: false`.
 */
export function toOpenAiStrictSchema(schema: JsonSchema): JsonSchema | undefined {
  if (schema['type'] !== 'object') return undefined;
  try {
    return strict(schema) as JsonSchema;
  } catch (error) {
    if (error instanceof NotStrict) return undefined;
    throw error;
  }
}

class NotStrict extends Error {}

function strict(schema: unknown): Record<string, unknown> {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) throw new NotStrict();
  const source = schema as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) {
    if (!KEYWORDS.has(key)) continue;
    switch (key) {
      case 'format':
        if (typeof value === 'string' && FORMATS.has(value)) out[key] = value;
        break;
      case 'items':
        out[key] = strict(value);
        break;
      case 'anyOf':
        if (!Array.isArray(value)) throw new NotStrict();
        out[key] = value.map(strict);
        break;
      case '$defs': {
        const defs: Record<string, unknown> = {};
        for (const [name, definition] of Object.entries(value as Record<string, unknown>))
          defs[name] = strict(definition);
        out[key] = defs;
        break;
      }
      case 'properties':
      case 'required':
      case 'additionalProperties':
        break;
      default:
        out[key] = value;
    }
  }
  if (isObjectType(source['type'])) {
    const properties = source['properties'];
    if (source['additionalProperties'] !== undefined && source['additionalProperties'] !== false)
      throw new NotStrict();
    if (typeof properties !== 'object' || properties === null) throw new NotStrict();
    const required = new Set(Array.isArray(source['required']) ? (source['required'] as string[]) : []);
    const strictProperties: Record<string, unknown> = {};
    for (const [name, property] of Object.entries(properties as Record<string, unknown>)) {
      const converted = strict(property);
      strictProperties[name] = required.has(name) ? converted : nullable(converted);
    }
    out['properties'] = strictProperties;
    out['required'] = Object.keys(strictProperties);
    out['additionalProperties'] = false;
  }
  // Strict mode refuses siblings of `$ref` (a description, say): wrap the reference.
  if (out['$ref'] !== undefined && Object.keys(out).length > 1) {
    const { $ref, ...rest } = out;
    return { anyOf: [{ $ref }], ...rest };
  }
  return out;
}

function isObjectType(type: unknown): boolean {
  return type === 'object' || (Array.isArray(type) && type.includes('object'));
}

function nullable(schema: Record<string, unknown>): Record<string, unknown> {
  const type = schema['type'];
  if (typeof type === 'string') {
    if (type === 'null') return schema;
    const widened: Record<string, unknown> = { ...schema, type: [type, 'null'] };
    if (Array.isArray(schema['enum'])) widened['enum'] = [...(schema['enum'] as unknown[]), null];
    return widened;
  }
  if (Array.isArray(type)) return type.includes('null') ? schema : { ...schema, type: [...type, 'null'] };
  return { anyOf: [schema, { type: 'null' }] };
}
