import type { JsonSchema } from './json-schema';

/** The JSON Schema dialects Standard JSON Schema names, each of which `schemaInDialect` can write. */
export type JsonSchemaDialect = 'draft-2020-12' | 'draft-07' | 'openapi-3.0';

/** The dialects, in the order the Standard JSON Schema spec lists them. */
export const JSON_SCHEMA_DIALECTS: readonly JsonSchemaDialect[] = Object.freeze([
  'draft-2020-12',
  'draft-07',
  'openapi-3.0',
]);

const META_SCHEMAS: Readonly<Record<'draft-2020-12' | 'draft-07', string>> = {
  'draft-2020-12': 'https://json-schema.org/draft/2020-12/schema',
  'draft-07': 'http://json-schema.org/draft-07/schema#',
};

type MutableSchema = Record<string, unknown>;

// Keywords whose value is one sub-schema, a list of them, or a map of names to them. Everything
// else is data (`enum`, `default`, `examples`, `properties`' names) and is copied, never walked.
const ONE_SCHEMA = [
  'additionalProperties',
  'items',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
];
const SCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];

/**
 * A fresh, mutable copy of a JSON Schema written by toolwright (draft 2020-12, also read by
 * draft-07 validators) in another dialect: `draft-2020-12` with its `$schema`; `draft-07` with
 * `definitions` for `$defs` and its `$schema`; `openapi-3.0` (a superset of draft-04) with
 * `nullable` for null types, boolean exclusive bounds, `example` for `examples` and no `$schema`.
 * A new object each call: frameworks write into the schemas they are given. Throws a `TypeError`
 * for an unknown dialect, and for `openapi-3.0` when the schema refers to itself (recursive
 * classes), which an OpenAPI 3.0 schema object outside a document cannot say.
 */
export function schemaInDialect(schema: JsonSchema, dialect: JsonSchemaDialect): Record<string, unknown> {
  switch (dialect) {
    case 'draft-2020-12':
      return withMetaSchema(copySchema(schema, identity), META_SCHEMAS[dialect]);
    case 'draft-07':
      return withMetaSchema(toDraft07(schema), META_SCHEMAS[dialect]);
    case 'openapi-3.0':
      return toOpenApi30(schema);
    default:
      throw new TypeError(
        `Unknown JSON Schema target '${String(dialect)}'; toolwright writes ${JSON_SCHEMA_DIALECTS.map((d) => `'${d}'`).join(', ')}.`,
      );
  }
}

/** Whether a value names a dialect `schemaInDialect` writes. */
export function isJsonSchemaDialect(value: unknown): value is JsonSchemaDialect {
  return typeof value === 'string' && (JSON_SCHEMA_DIALECTS as readonly string[]).includes(value);
}

function identity(node: MutableSchema): MutableSchema {
  return node;
}

/** `$schema` first, then the rest, replacing any `$schema` the source had. */
function withMetaSchema(schema: MutableSchema, metaSchema: string): MutableSchema {
  const { $schema: _previous, ...rest } = schema;
  return { $schema: metaSchema, ...rest };
}

function toDraft07(schema: JsonSchema): MutableSchema {
  const copy = copySchema(schema, (node) => {
    const reference = node['$ref'];
    if (typeof reference === 'string' && reference.startsWith('#/$defs/'))
      node['$ref'] = `#/definitions/${reference.slice('#/$defs/'.length)}`;
    return node;
  });
  if (copy['$defs'] !== undefined && copy['definitions'] === undefined) {
    const { $defs, ...rest } = copy;
    return { ...rest, definitions: $defs };
  }
  return copy;
}

function toOpenApi30(schema: JsonSchema): MutableSchema {
  const copy = copySchema(schema, (node) => {
    if (
      typeof node['$ref'] === 'string' ||
      node['$defs'] !== undefined ||
      node['definitions'] !== undefined
    ) {
      throw new TypeError(
        'The schema refers to itself (a recursive class), which an OpenAPI 3.0 schema object cannot say; ask for draft-2020-12 or draft-07.',
      );
    }
    return openApiNode(node);
  });
  delete copy['$schema'];
  return copy;
}

/** One node in OpenAPI 3.0 terms; its sub-schemas are already converted. */
function openApiNode(node: MutableSchema): MutableSchema {
  let result = node;
  const type = result['type'];
  if (Array.isArray(type)) {
    const types = type.filter((t) => t !== 'null');
    const nullable = types.length < type.length;
    if (types.length === 1) {
      result['type'] = types[0];
      if (nullable) result['nullable'] = true;
    } else {
      // OpenAPI 3.0 has one type per schema (and `nullable` only beside one): a mixed enum is
      // constrained by its values alone (null among them), other unions become `anyOf`.
      delete result['type'];
      if (!Array.isArray(result['enum']))
        result['anyOf'] = types.map((t) => (nullable ? { type: t, nullable: true } : { type: t }));
    }
  } else if (type === 'null') {
    delete result['type'];
    result['nullable'] = true;
    result['enum'] = [null];
  }
  const anyOf = result['anyOf'];
  if (Array.isArray(anyOf)) {
    const branches = anyOf.filter((branch) => !isNullSchema(branch));
    if (branches.length < anyOf.length && branches.length === 1) {
      // `anyOf: [X, {type: 'null'}]` (a nullable class) is X with `nullable`, keeping the outer annotations.
      const { anyOf: _anyOf, ...outer } = result;
      result = { ...(branches[0] as MutableSchema), ...outer, nullable: true };
    } else if (branches.length < anyOf.length) {
      result['anyOf'] = branches;
      result['nullable'] = true;
    }
  }
  if ('const' in result) {
    const { const: value, ...rest } = result;
    result = { ...rest, enum: [value] };
  }
  lowerBound(result, 'minimum', 'exclusiveMinimum', (a, b) => a >= b);
  lowerBound(result, 'maximum', 'exclusiveMaximum', (a, b) => a <= b);
  const examples = result['examples'];
  if (Array.isArray(examples)) {
    delete result['examples'];
    if (examples.length > 0) result['example'] = examples[0];
  }
  return result;
}

/**
 * Draft-04's bounds: `exclusiveMinimum` is a flag on `minimum`. When both are given the tighter one
 * wins (`tighter(exclusive, inclusive)` says whether the exclusive bound is at least as tight).
 */
function lowerBound(
  node: MutableSchema,
  inclusiveKey: string,
  exclusiveKey: string,
  tighter: (exclusive: number, inclusive: number) => boolean,
): void {
  const exclusive = node[exclusiveKey];
  if (typeof exclusive !== 'number') return;
  const inclusive = node[inclusiveKey];
  if (typeof inclusive !== 'number' || tighter(exclusive, inclusive)) {
    node[inclusiveKey] = exclusive;
    node[exclusiveKey] = true;
  } else {
    delete node[exclusiveKey];
  }
}

/** `{ type: 'null' }`, as written or as `openApiNode` already converted it (sub-schemas go first). */
function isNullSchema(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const node = value as MutableSchema;
  const keys = Object.keys(node);
  if (keys.length === 1) return node['type'] === 'null';
  const values = node['enum'];
  return (
    keys.length === 2 &&
    node['nullable'] === true &&
    Array.isArray(values) &&
    values.length === 1 &&
    values[0] === null
  );
}

/**
 * A deep copy of a schema in which every schema node (the root and each sub-schema reached through
 * the keywords above) is passed, once its own sub-schemas are copied, to `convert`. Data values are
 * copied as JSON. Recursive, bounded by the schema's nesting: schemas here come from args classes
 * (or a tool's declared schema), never from a model.
 */
function copySchema(schema: JsonSchema, convert: (node: MutableSchema) => MutableSchema): MutableSchema {
  const node: MutableSchema = {};
  for (const key of Object.keys(schema)) {
    const value = schema[key];
    let copied: unknown;
    if (ONE_SCHEMA.includes(key) && isSchemaObject(value)) copied = copySchema(value, convert);
    else if (key === 'items' && Array.isArray(value))
      copied = value.map((item) => copyMaybeSchema(item, convert));
    else if (SCHEMA_LISTS.includes(key) && Array.isArray(value))
      copied = value.map((item) => copyMaybeSchema(item, convert));
    else if (SCHEMA_MAPS.includes(key) && isSchemaObject(value)) copied = copySchemaMap(value, convert);
    else copied = copyData(value);
    defineOwn(node, key, copied);
  }
  return convert(node);
}

function copyMaybeSchema(value: unknown, convert: (node: MutableSchema) => MutableSchema): unknown {
  return isSchemaObject(value) ? copySchema(value, convert) : copyData(value);
}

function copySchemaMap(map: JsonSchema, convert: (node: MutableSchema) => MutableSchema): MutableSchema {
  const copy: MutableSchema = {};
  for (const name of Object.keys(map)) defineOwn(copy, name, copyMaybeSchema(map[name], convert));
  return copy;
}

function copyData(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copyData);
  if (typeof value !== 'object' || value === null) return value;
  const copy: MutableSchema = {};
  for (const key of Object.keys(value)) defineOwn(copy, key, copyData((value as MutableSchema)[key]));
  return copy;
}

function isSchemaObject(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// A property named `__proto__` stays a plain key of the copy.
function defineOwn(target: MutableSchema, key: string, value: unknown): void {
  if (key in Object.prototype)
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}
