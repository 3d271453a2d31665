/**
 * The JSON Schema keywords OpenAI structured outputs accept in strict mode, as far as toolwright emits
 * them. Deliberately conservative: `minLength`, `maxLength` and `uniqueItems` are refused by some
 * models and endpoints, and annotations (`title`, `default`, `examples`, `deprecated`) are not part of
 * the supported subset, so strict schemas carry them as hints in `description` instead.
 */
export const OPENAI_STRICT_KEYWORDS: ReadonlySet<string> = new Set([
  'type',
  'description',
  'enum',
  'const',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'items',
  'minItems',
  'maxItems',
  'properties',
  'required',
  'additionalProperties',
  'anyOf',
  '$ref',
  '$defs',
]);

/** The string formats OpenAI strict mode accepts; any other format (such as `uri`) is refused. */
export const OPENAI_STRICT_FORMATS: ReadonlySet<string> = new Set([
  'date-time',
  'time',
  'date',
  'duration',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'uuid',
]);
