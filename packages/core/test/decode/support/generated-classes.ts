import fc from 'fast-check';
import { Param } from '../../../src/decorators/param';
import { commaSeparated } from '../../../src/decode/lenient/comma-separated';
import { jsonString } from '../../../src/decode/lenient/json-string';
import { numericString } from '../../../src/decode/lenient/numeric-string';
import type { ParamOptions } from '../../../src/metadata/param-options';

// Args classes generated programmatically, as decorators would build them: `Param(options)` on the
// prototype and `design:type` through reflect-metadata. Random mixes of types, optional and
// nullable properties, bounds, enums, defaults, nested classes and arrays.

export type Kind =
  | 'string'
  | 'integer'
  | 'number'
  | 'boolean'
  | 'enumString'
  | 'enumNumber'
  | 'stringArray'
  | 'integerArray'
  | 'nested'
  | 'nestedArray';

export interface PropertySpec {
  readonly kind: Kind;
  readonly optional: boolean;
  readonly nullable: boolean;
  readonly withDefault: boolean;
  readonly minLength: number | null;
  readonly lengthSpan: number | null;
  readonly pattern: string | null;
  readonly minimum: number | null;
  readonly span: number | null;
  readonly exclusive: boolean;
  readonly multipleOf: number | null;
  readonly minItems: number | null;
  readonly itemSpan: number | null;
  readonly uniqueItems: boolean;
  readonly nested: ClassSpec | null;
}

export interface ClassSpec {
  readonly properties: readonly (readonly [string, PropertySpec])[];
}

export const NAMES = [
  'path',
  'offset',
  'limit',
  'name',
  'mode',
  'tags',
  'items',
  'flag',
  'count',
  'ratio',
  'child',
  'note',
];
const PATTERNS = ['^[a-z]+$', '^[A-Z][a-z]*$', '[0-9]', '^.{2}$', 'é|😀'];

export function classSpec(depth: number): fc.Arbitrary<ClassSpec> {
  const kinds: Kind[] = [
    'string',
    'integer',
    'number',
    'boolean',
    'enumString',
    'enumNumber',
    'stringArray',
    'integerArray',
  ];
  if (depth < 2) kinds.push('nested', 'nestedArray');
  const property: fc.Arbitrary<PropertySpec> = fc.record({
    kind: fc.constantFrom(...kinds),
    optional: fc.boolean(),
    nullable: fc.oneof(
      { weight: 3, arbitrary: fc.constant(false) },
      { weight: 1, arbitrary: fc.constant(true) },
    ),
    withDefault: fc.oneof(
      { weight: 3, arbitrary: fc.constant(false) },
      { weight: 1, arbitrary: fc.constant(true) },
    ),
    minLength: fc.option(fc.integer({ min: 0, max: 3 })),
    lengthSpan: fc.option(fc.integer({ min: 0, max: 4 })),
    pattern: fc.oneof(
      { weight: 3, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: fc.constantFrom(...PATTERNS) },
    ),
    minimum: fc.option(fc.integer({ min: -5, max: 5 })),
    span: fc.option(fc.integer({ min: 0, max: 40 })),
    exclusive: fc.boolean(),
    multipleOf: fc.oneof(
      { weight: 4, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: fc.constantFrom(2, 3, 5) },
    ),
    minItems: fc.option(fc.integer({ min: 0, max: 2 })),
    itemSpan: fc.option(fc.integer({ min: 0, max: 3 })),
    uniqueItems: fc.boolean(),
    nested: depth < 2 ? fc.option(classSpec(depth + 1), { freq: 1 }) : fc.constant(null),
  });
  return fc
    .uniqueArray(fc.tuple(fc.constantFrom(...NAMES), property), {
      minLength: 1,
      maxLength: 5,
      selector: ([name]) => name,
    })
    .map((properties) => ({ properties }));
}

let classCount = 0;

/** How `buildClass` builds: `lenient` gives every property that has one its built-in lenient decoder. */
export interface BuildOptions {
  readonly lenient?: boolean;
}

/** Builds an args class from a spec the way decorators would: `@Param` plus `design:type`. */
export function buildClass(spec: ClassSpec, build: BuildOptions = {}): Function {
  const name = `Generated${++classCount}`;
  const target = { [name]: class {} }[name]!;
  for (const [key, property] of spec.properties) {
    const { options, designType } = paramOf(property, build);
    Param(build.lenient ? withLenient(options, property.kind) : options)(target.prototype as object, key);
    Reflect.defineMetadata('design:type', designType, target.prototype as object, key);
  }
  return target;
}

// The built-in lenient decoder of each kind: numbers from numeric strings, arrays of scalars from
// comma-separated strings, nested classes (and arrays of them) from JSON text.
function withLenient(options: ParamOptions, kind: Kind): ParamOptions {
  switch (kind) {
    case 'integer':
    case 'number':
      return { ...options, lenient: numericString() };
    case 'stringArray':
      return { ...options, lenient: commaSeparated() };
    case 'integerArray':
      return { ...options, lenient: [commaSeparated(), numericString()] };
    case 'nested':
    case 'nestedArray':
      return { ...options, lenient: jsonString() };
    default:
      return options;
  }
}

function paramOf(spec: PropertySpec, build: BuildOptions): { options: ParamOptions; designType: unknown } {
  const base: { -readonly [K in keyof ParamOptions]: ParamOptions[K] } = {
    description: 'generated',
    ...(spec.optional ? { optional: true } : {}),
    ...(spec.nullable ? { nullable: true } : {}),
  };
  const stringBounds = {
    ...(spec.minLength !== null ? { minLength: spec.minLength } : {}),
    ...(spec.lengthSpan !== null ? { maxLength: (spec.minLength ?? 0) + spec.lengthSpan } : {}),
    ...(spec.pattern !== null ? { pattern: spec.pattern } : {}),
  };
  const low = spec.minimum;
  const high = low !== null && spec.span !== null ? low + spec.span : spec.span;
  const numberBounds = {
    ...(low !== null ? (spec.exclusive ? { exclusiveMinimum: low } : { minimum: low }) : {}),
    ...(high !== null ? { maximum: high } : {}),
  };
  const itemBounds = {
    ...(spec.minItems !== null ? { minItems: spec.minItems } : {}),
    ...(spec.itemSpan !== null ? { maxItems: (spec.minItems ?? 0) + spec.itemSpan } : {}),
    ...(spec.uniqueItems ? { uniqueItems: true } : {}),
  };
  const nested = () =>
    buildClass(spec.nested ?? { properties: [['name', { ...spec, kind: 'string', nested: null }]] }, build);
  switch (spec.kind) {
    case 'string':
      return { options: withDefault({ ...base, ...stringBounds }, spec, 'string'), designType: String };
    case 'integer':
      return {
        options: withDefault(
          {
            ...base,
            integer: true,
            ...numberBounds,
            ...(spec.multipleOf ? { multipleOf: spec.multipleOf } : {}),
          },
          spec,
          'integer',
        ),
        designType: Number,
      };
    case 'number':
      return { options: withDefault({ ...base, ...numberBounds }, spec, 'number'), designType: Number };
    case 'boolean':
      return { options: withDefault(base, spec, 'boolean'), designType: Boolean };
    case 'enumString':
      return {
        options: withDefault({ ...base, enum: ['read', 'write', 'Édit'] }, spec, 'enum'),
        designType: String,
      };
    case 'enumNumber':
      return { options: withDefault({ ...base, enum: [1, 2, 3.5] }, spec, 'enum'), designType: Number };
    case 'stringArray':
      return {
        options: { ...base, type: () => [String], ...stringBounds, ...itemBounds },
        designType: Array,
      };
    case 'integerArray':
      return {
        options: { ...base, type: () => [Number], integer: true, ...numberBounds, ...itemBounds },
        designType: Array,
      };
    case 'nested': {
      const nestedClass = nested();
      return { options: { ...base, type: () => nestedClass as new () => unknown }, designType: nestedClass };
    }
    case 'nestedArray': {
      const nestedClass = nested();
      return {
        options: { ...base, type: () => [nestedClass as new () => unknown], ...itemBounds },
        designType: Array,
      };
    }
  }
}

/** Adds a default the property's own schema accepts (the decoder applies defaults unchecked). */
function withDefault(
  options: ParamOptions,
  spec: PropertySpec,
  kind: 'string' | 'integer' | 'number' | 'boolean' | 'enum',
): ParamOptions {
  if (!spec.withDefault) return options;
  let value: unknown;
  if (kind === 'boolean') value = true;
  else if (kind === 'enum') value = (options.enum as readonly unknown[])[0];
  else if (kind === 'string')
    value = options.pattern === undefined ? 'a'.repeat(options.minLength ?? 0) : undefined;
  else value = [0, 1, 2, 3, 5, 6, 10, 15, 30, -1, -2, -3, -5].find((n) => numberFits(n, options));
  return value === undefined ? options : { ...options, default: value };
}

function numberFits(n: number, o: ParamOptions): boolean {
  return (
    (o.minimum === undefined || n >= o.minimum) &&
    (o.exclusiveMinimum === undefined || n > o.exclusiveMinimum) &&
    (o.maximum === undefined || n <= o.maximum) &&
    (o.multipleOf === undefined || n % o.multipleOf === 0)
  );
}
