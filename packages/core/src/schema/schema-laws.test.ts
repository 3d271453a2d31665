import 'reflect-metadata';
import Ajv from 'ajv';
import fc from 'fast-check';
import { Param } from '../decorators/param';
import type { ParamOptions } from '../metadata/param-options';
import type { JsonSchema, SchemaTarget } from './json-schema';
import { OPENAI_STRICT_FORMATS } from './openai-strict-keywords';
import { openAiStrictViolations } from './openai-strict-violations';
import { schemaOf } from './schema-of';

const KINDS = ['string', 'number', 'integer', 'boolean', 'enum', 'strings', 'matrix', 'nested'] as const;

interface PropertySpec {
  readonly kind: (typeof KINDS)[number];
  readonly optional: boolean;
  readonly nullable: boolean;
  readonly description: string | undefined;
  readonly title: string | undefined;
  readonly deprecated: boolean | undefined;
  readonly examples: boolean;
  readonly defaultValue: boolean;
  readonly low: number | undefined;
  readonly span: number | undefined;
  readonly pattern: string | undefined;
  readonly format: string | undefined;
  readonly itemsLow: number | undefined;
  readonly uniqueItems: boolean | undefined;
  readonly enumValues: readonly (string | number)[];
}

const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });

const propertySpec: fc.Arbitrary<PropertySpec> = fc.record({
  kind: fc.constantFrom(...KINDS),
  optional: fc.boolean(),
  nullable: fc.boolean(),
  description: maybe(fc.constantFrom('', ' ', 'What it is')),
  title: maybe(fc.constantFrom('', 'Label')),
  deprecated: maybe(fc.boolean()),
  examples: fc.boolean(),
  defaultValue: fc.boolean(),
  low: maybe(fc.nat(5)),
  span: maybe(fc.nat(5)),
  pattern: maybe(fc.constantFrom('^a', '[0-9]+$')),
  format: maybe(fc.constantFrom('email', 'uri', 'uuid', 'date-time')),
  itemsLow: maybe(fc.nat(3)),
  uniqueItems: maybe(fc.boolean()),
  enumValues: fc.constantFrom(['a', 'b'], [1, 2], [0.5, 2]),
});

class Inner {
  @Param({ description: 'Inner value', optional: true, minLength: 1 })
  value?: string;
}

/** `@Param` options and a sample value for a generated property. */
function optionsOf(spec: PropertySpec): ParamOptions {
  const bounds = (low: number | undefined, span: number | undefined) => ({
    ...(low !== undefined ? { low } : {}),
    ...(low !== undefined && span !== undefined ? { high: low + span } : {}),
  });
  const { low, high } = bounds(spec.low, spec.span) as { low?: number; high?: number };
  const stringBounds: ParamOptions = {
    minLength: low,
    maxLength: high,
    pattern: spec.pattern,
    format: spec.format,
  };
  const numberBounds: ParamOptions = { minimum: low, maximum: high, format: spec.format };
  const arrayBounds: ParamOptions = { minItems: spec.itemsLow, uniqueItems: spec.uniqueItems };
  const common: ParamOptions = {
    optional: spec.optional,
    nullable: spec.nullable,
    description: spec.description,
    title: spec.title,
    deprecated: spec.deprecated,
  };
  const sample: Record<(typeof KINDS)[number], unknown> = {
    string: 'abc',
    number: 1.5,
    integer: 2,
    boolean: true,
    enum: spec.enumValues[0],
    strings: ['a'],
    matrix: [[1]],
    nested: { value: 'x' },
  };
  const withSamples: ParamOptions = {
    ...common,
    ...(spec.examples ? { examples: [sample[spec.kind]] } : {}),
    ...(spec.defaultValue ? { default: sample[spec.kind] } : {}),
  };
  switch (spec.kind) {
    case 'string':
      return { ...withSamples, ...stringBounds, type: () => String };
    case 'number':
      return { ...withSamples, ...numberBounds, type: () => Number };
    case 'integer':
      return { ...withSamples, ...numberBounds, integer: true, type: () => Number };
    case 'boolean':
      return { ...withSamples, type: () => Boolean };
    case 'enum':
      return { ...withSamples, enum: spec.enumValues };
    case 'strings':
      return { ...withSamples, ...stringBounds, ...arrayBounds, type: () => [String] };
    case 'matrix':
      return { ...withSamples, ...numberBounds, ...arrayBounds, integer: true, type: () => [[Number]] };
    case 'nested':
      return { ...withSamples, type: () => Inner };
  }
}

function buildClass(specs: readonly PropertySpec[]): Function {
  class GeneratedArgs {}
  specs.forEach((spec, index) => {
    // What TypeScript would emit for `T | null` or a thunked type: Object.
    Reflect.defineMetadata('design:type', Object, GeneratedArgs.prototype, `p${index}`);
    Param(optionsOf(spec))(GeneratedArgs.prototype, `p${index}`);
  });
  return GeneratedArgs;
}

function ajvFor(target: SchemaTarget): Ajv {
  const ajv = new Ajv({ strict: true, allErrors: true });
  const formats =
    target === 'openai-strict' ? [...OPENAI_STRICT_FORMATS] : ['email', 'uri', 'uuid', 'date-time'];
  for (const format of formats) ajv.addFormat(format, true);
  return ajv;
}

describe('schemaOf laws', () => {
  const specs = fc.array(propertySpec, { minLength: 1, maxLength: 6 });

  it('every schema compiles under strict ajv, and null is accepted exactly where the target allows it', () => {
    fc.assert(
      fc.property(specs, (generated) => {
        const argsClass = buildClass(generated);
        for (const target of ['default', 'openai-strict'] as const) {
          const schema = schemaOf(argsClass, { target });
          const ajv = ajvFor(target);
          ajv.compile(schema);
          const properties = schema['properties'] as Record<string, JsonSchema>;
          generated.forEach((spec, index) => {
            const property = properties[`p${index}`]!;
            const optional = spec.optional || spec.defaultValue;
            const acceptsNull = spec.nullable || (target === 'openai-strict' && optional);
            expect(ajv.validate(property, null)).toBe(acceptsNull);
          });
          const expectedRequired = generated
            .map((spec, index) => ({ name: `p${index}`, optional: spec.optional || spec.defaultValue }))
            .filter((p) => target === 'openai-strict' || !p.optional)
            .map((p) => p.name);
          expect(schema['required'] ?? []).toEqual(expectedRequired);
          if (target === 'openai-strict') expect(openAiStrictViolations(schema)).toEqual([]);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('never writes an empty description, an undefined value, or a format outside strings', () => {
    fc.assert(
      fc.property(specs, (generated) => {
        const argsClass = buildClass(generated);
        for (const target of ['default', 'openai-strict'] as const) {
          const visit = (value: unknown): void => {
            if (typeof value !== 'object' || value === null) return;
            for (const [key, inner] of Object.entries(value)) {
              expect(inner).not.toBeUndefined();
              if (key === 'description') expect(String(inner).trim()).not.toBe('');
              visit(inner);
            }
            const node = value as JsonSchema;
            if (node['format'] !== undefined) {
              const type = node['type'];
              expect(type === 'string' || (Array.isArray(type) && type.includes('string'))).toBe(true);
            }
          };
          visit(schemaOf(argsClass, { target }));
        }
      }),
      { numRuns: 100 },
    );
  });
});
