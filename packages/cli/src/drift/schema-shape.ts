/** A JSON Schema node reduced to what drift checks compare. */
export interface SchemaShape {
  /** JSON types other than `null`; `integer` counts as `number`. Empty: anything (`any`, `unknown`). */
  readonly types: ReadonlySet<string>;
  readonly nullable: boolean;
  /** The allowed values, when the schema lists them (`enum`, `const`). */
  readonly values?: readonly unknown[];
  /** The item shape, for arrays. */
  readonly items?: SchemaShape;
  /** The properties, for objects. */
  readonly properties?: ReadonlyMap<string, PropertyShape>;
  /** The string format (`date-time` is how a TypeScript `Date` reads). */
  readonly format?: string;
  /** A tuple (`[A, B]`): its items differ by position, which the comparison does not follow. */
  readonly tuple?: boolean;
  /** Numeric bounds (`minimum`, `maxLength`, …): from @Param options, or from JSDoc tags in TypeScript. */
  readonly bounds?: Readonly<Record<string, number>>;
}

const BOUNDS = [
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
];

/** One property of an object shape. */
export interface PropertyShape {
  readonly shape: SchemaShape;
  readonly required: boolean;
  /** The schema gives a default (the decoder fills it in, so it need not be sent). */
  readonly hasDefault: boolean;
}

type Schema = Readonly<Record<string, unknown>>;

/**
 * The shape of `node`, a schema inside `root`: `$ref`s to `#`, `#/$defs/…` and `#/definitions/…`
 * resolved, `anyOf`/`oneOf` branches merged. Recursion stops at a `$ref` already being read.
 */
export function schemaShape(
  node: unknown,
  root: Schema,
  reading: ReadonlySet<string> = new Set(),
): SchemaShape {
  const schema = asSchema(node);
  const reference = schema['$ref'];
  if (typeof reference === 'string') {
    if (reading.has(reference)) return { types: new Set(['object']), nullable: false };
    return schemaShape(resolve(reference, root), root, new Set([...reading, reference]));
  }
  const branches = schema['anyOf'] ?? schema['oneOf'];
  if (Array.isArray(branches)) return merge(branches.map((branch) => schemaShape(branch, root, reading)));

  const types = new Set<string>();
  let nullable = false;
  const declared = schema['type'];
  for (const type of Array.isArray(declared) ? declared : declared === undefined ? [] : [declared]) {
    if (type === 'null') nullable = true;
    else if (typeof type === 'string') types.add(type === 'integer' ? 'number' : type);
  }
  let values: unknown[] | undefined;
  if (Array.isArray(schema['enum'])) values = [...(schema['enum'] as unknown[])];
  else if ('const' in schema) values = [schema['const']];
  if (values !== undefined) {
    if (values.includes(null)) nullable = true;
    values = values.filter((value) => value !== null);
    if (types.size === 0) for (const value of values) types.add(typeof value);
    // A union of every boolean is just `boolean`.
    if (types.size === 1 && types.has('boolean') && values.includes(true) && values.includes(false))
      values = undefined;
  }
  const shape: { -readonly [K in keyof SchemaShape]: SchemaShape[K] } = { types, nullable };
  if (values !== undefined) shape.values = values;
  if (types.has('array') && (Array.isArray(schema['items']) || Array.isArray(schema['prefixItems'])))
    shape.tuple = true;
  else if (types.has('array') && schema['items'] !== undefined)
    shape.items = schemaShape(schema['items'], root, reading);
  if (typeof schema['format'] === 'string') shape.format = schema['format'];
  const bounds: Record<string, number> = {};
  for (const key of BOUNDS) if (typeof schema[key] === 'number') bounds[key] = schema[key];
  if (Object.keys(bounds).length > 0) shape.bounds = bounds;
  if (types.has('object') && typeof schema['properties'] === 'object' && schema['properties'] !== null) {
    const required = new Set(Array.isArray(schema['required']) ? (schema['required'] as string[]) : []);
    const properties = new Map<string, PropertyShape>();
    for (const [name, property] of Object.entries(schema['properties'] as Schema)) {
      properties.set(name, {
        shape: schemaShape(property, root, reading),
        required: required.has(name),
        hasDefault: 'default' in asSchema(property),
      });
    }
    shape.properties = properties;
  }
  return shape;
}

/** A shape in TypeScript-like words: `string`, `"a" | "b"`, `string | number`, `string[] | null`. */
export function describeShape(shape: SchemaShape): string {
  let text: string;
  if (shape.values !== undefined && shape.values.length > 0)
    text = shape.values.map((value) => JSON.stringify(value)).join(' | ');
  else if (shape.types.size === 0) text = 'any';
  else
    text = [...shape.types]
      .map((type) =>
        type === 'array'
          ? `${shape.items === undefined ? 'unknown' : wrap(describeShape(shape.items))}[]`
          : type,
      )
      .join(' | ');
  return shape.nullable ? `${text} | null` : text;
}

function wrap(text: string): string {
  return text.includes(' | ') ? `(${text})` : text;
}

function merge(shapes: readonly SchemaShape[]): SchemaShape {
  const types = new Set<string>();
  let nullable = false;
  let values: unknown[] | undefined = [];
  let items: SchemaShape | undefined;
  let properties: ReadonlyMap<string, PropertyShape> | undefined;
  for (const shape of shapes) {
    // A branch that accepts anything makes the union accept anything.
    if (shape.types.size === 0 && !shape.nullable && shape.values === undefined)
      return { types: new Set(), nullable: false };
    for (const type of shape.types) types.add(type);
    nullable ||= shape.nullable;
    // Values are listed only when every non-null branch lists them.
    if (shape.types.size > 0)
      values = values !== undefined && shape.values !== undefined ? [...values, ...shape.values] : undefined;
    items ??= shape.items;
    properties ??= shape.properties;
  }
  return {
    types,
    nullable,
    ...(values !== undefined && values.length > 0 ? { values } : {}),
    ...(items === undefined ? {} : { items }),
    ...(properties === undefined ? {} : { properties }),
  };
}

function resolve(reference: string, root: Schema): unknown {
  if (reference === '#') return root;
  const match = /^#\/(\$defs|definitions)\/(.+)$/.exec(reference);
  if (match === null) return {};
  const name = decodeURIComponent(match[2]!).replace(/~1/g, '/').replace(/~0/g, '~');
  return asSchema(root[match[1]!])[name] ?? {};
}

function asSchema(value: unknown): Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Schema) : {};
}
