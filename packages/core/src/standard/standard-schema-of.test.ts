import 'reflect-metadata';
import Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import { Validate, ValidatorConstraint, type ValidatorConstraintInterface } from 'class-validator';
import fc from 'fast-check';
import { Param } from '../decorators/param';
import { decodeArgs } from '../decode/decode-args';
import { describeArgumentIssue } from '../errors/format-argument-issues';
import { ToolError } from '../errors/tool-error';
import type { ParamOptions } from '../metadata/param-options';
import { schemaOf } from '../schema/schema-of';
import type { StandardSchemaResult } from './standard-schema';
import { standardSchemaOf } from './standard-schema-of';

class Point {
  @Param({ description: 'x', integer: true })
  x!: number;
}

class ReadArgs {
  @Param({ description: 'Path to read', minLength: 1 })
  path!: string;

  @Param({ description: 'First line', optional: true, integer: true, minimum: 1, examples: [1] })
  offset?: number;

  @Param({ description: 'Above zero', optional: true, exclusiveMinimum: 0 } as ParamOptions)
  scale?: number;

  @Param({ description: 'Where', optional: true, nullable: true, type: () => Point })
  at?: Point | null;

  @Param({ description: 'Points', optional: true, type: () => [Point] })
  points?: Point[];
}

class Tree {
  @Param({ description: 'Label' })
  label!: string;

  @Param({ description: 'Children', optional: true, type: () => [Tree] })
  children?: Tree[];
}

function sync<T>(
  result: StandardSchemaResult<T> | Promise<StandardSchemaResult<T>>,
): StandardSchemaResult<T> {
  expect(result).not.toBeInstanceOf(Promise);
  return result as StandardSchemaResult<T>;
}

describe('standardSchemaOf', () => {
  const schema = standardSchemaOf(ReadArgs, { toolName: 'read_file' });
  const standard = schema['~standard'];

  it('is a Standard Schema v1 by toolwright', () => {
    expect(standard.version).toBe(1);
    expect(standard.vendor).toBe('toolwright');
    expect(typeof standard.validate).toBe('function');
  });

  it('validates synchronously into an instance of the args class', () => {
    const result = sync(standard.validate({ path: 'a.ts', offset: '2', at: { x: 1 } }));
    expect(result.issues).toBeUndefined();
    const value = (result as { value: ReadArgs }).value;
    expect(value).toBeInstanceOf(ReadArgs);
    expect(value.at).toBeInstanceOf(Point);
    expect(value).toMatchObject({ path: 'a.ts', offset: 2, at: { x: 1 } });
  });

  it("reports the decoder's issues, each with its path as keys and the curated wording", () => {
    const result = sync(
      standard.validate({ path: '', offset: 'ten', points: [{ x: 1 }, { x: 1.5 }], extra: 1 }),
    );
    expect(result.issues).toEqual([
      { path: ['path'], message: 'expected a string of at least 1 character, received "" (empty string)' },
      { path: ['offset'], message: 'expected an integer >= 1, received "ten"' },
      { path: ['points', 1, 'x'], message: 'expected an integer, received 1.5' },
      {
        path: ['extra'],
        message:
          'expected only known properties (path, offset, scale, at, points), received an unknown property; remove it',
      },
    ]);
  });

  it('rejects a string (a value, not JSON text) and a non-object at the root, without a path', () => {
    for (const value of ['{"path":"a"}', [], 5, null]) {
      const result = sync(standard.validate(value));
      expect(result.issues).toHaveLength(1);
      expect(result.issues![0]!.path).toBeUndefined();
      expect(result.issues![0]!.message).toMatch(/^expected a JSON object, received /);
    }
  });

  it('returns a promise only when the class has async validators', async () => {
    @ValidatorConstraint({ async: true })
    class Later implements ValidatorConstraintInterface {
      async validate(value: unknown): Promise<boolean> {
        return value === 'ok';
      }
      defaultMessage(): string {
        return 'must be ok';
      }
    }
    class AsyncArgs {
      @Param({ description: 'Word' })
      @Validate(Later)
      word!: string;
    }
    const result = standardSchemaOf(AsyncArgs)['~standard'].validate({ word: 'no' });
    expect(result).toBeInstanceOf(Promise);
    expect((await result).issues).toEqual([
      { path: ['word'], message: expect.stringContaining('must be ok') },
    ]);
    expect(await standardSchemaOf(AsyncArgs)['~standard'].validate({ word: 'ok' })).toEqual({
      value: expect.objectContaining({ word: 'ok' }),
    });
  });

  describe('jsonSchema', () => {
    it('writes draft-2020-12 with its own $schema (never draft-07) and $defs', () => {
      const tree = standardSchemaOf(Tree)['~standard'].jsonSchema.input({ target: 'draft-2020-12' });
      expect(tree['$schema']).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(JSON.stringify(tree)).not.toContain('draft-07');
      const { $schema: _ignored, ...rest } = tree;
      expect(rest).toEqual(schemaOf(Tree));
      new Ajv2020({ strict: true }).compile(tree);
    });

    it('writes draft-07 with definitions for $defs', () => {
      const root = { label: 'a', children: [{ label: 'b', children: [] }] };
      class Holder {
        @Param({ description: 'Tree', type: () => Tree })
        tree!: Tree;
      }
      const draft07 = standardSchemaOf(Holder)['~standard'].jsonSchema.input({ target: 'draft-07' });
      expect(draft07['$schema']).toBe('http://json-schema.org/draft-07/schema#');
      expect(draft07['$defs']).toBeUndefined();
      expect(Object.keys(draft07['definitions'] as object)).toEqual(['Tree']);
      expect(JSON.stringify(draft07)).toContain('"$ref":"#/definitions/Tree"');
      const validate = new Ajv({ strict: true }).compile(draft07);
      expect(validate({ tree: root })).toBe(true);
      expect(validate({ tree: { label: 'a', children: [{ label: 1 }] } })).toBe(false);
    });

    it('writes openapi-3.0: nullable, boolean exclusive bounds, example, no $schema', () => {
      const openapi = standard.jsonSchema.input({ target: 'openapi-3.0' });
      expect(openapi['$schema']).toBeUndefined();
      const properties = openapi['properties'] as Record<string, Record<string, unknown>>;
      expect(properties['offset']).toEqual({
        type: 'integer',
        description: 'First line',
        minimum: 1,
        example: 1,
      });
      expect(properties['scale']).toMatchObject({ type: 'number', minimum: 0, exclusiveMinimum: true });
      expect(properties['at']).toMatchObject({ type: 'object', nullable: true, description: 'Where' });
      expect(properties['at']!['anyOf']).toBeUndefined();
      expect(() => standardSchemaOf(Tree)['~standard'].jsonSchema.input({ target: 'openapi-3.0' })).toThrow(
        /recursive class/,
      );
    });

    it('throws for a target it does not write', () => {
      expect(() => standard.jsonSchema.input({ target: 'draft-04' })).toThrow(
        "standardSchemaOf(ReadArgs) cannot write JSON Schema target 'draft-04'; use 'draft-2020-12', 'draft-07' or 'openapi-3.0'.",
      );
      expect(() => standard.jsonSchema.output({ target: 'draft-2019-09' })).toThrow(TypeError);
    });

    it('returns a fresh, writable object every call, for input and output alike', () => {
      for (const target of ['draft-2020-12', 'draft-07', 'openapi-3.0'] as const) {
        const first = standard.jsonSchema.input({ target });
        expect(Object.isFrozen(first)).toBe(false);
        expect(Object.isFrozen(first['properties'])).toBe(false);
        (first['properties'] as Record<string, Record<string, unknown>>)['path']!['description'] = 'changed';
        first['additionalProperties'] = true;
        const second = standard.jsonSchema.output({ target });
        expect(second).not.toBe(first);
        expect(
          (second['properties'] as Record<string, Record<string, unknown>>)['path']!['description'],
        ).toBe('Path to read');
        expect(second['additionalProperties']).toBe(false);
      }
      expect(schemaOf(ReadArgs)['additionalProperties']).toBe(false);
    });

    it('writes the openai-strict variant when asked', () => {
      const strict = standardSchemaOf(ReadArgs, { variant: 'openai-strict' })['~standard'];
      const draft07 = strict.jsonSchema.input({ target: 'draft-07' });
      expect(draft07['required']).toEqual(['path', 'offset', 'scale', 'at', 'points']);
      // The decoder reads the nulls strict mode sends for absent properties.
      expect(
        sync(strict.validate({ path: 'a', offset: null, scale: null, at: null, points: null })).issues,
      ).toBeUndefined();
    });
  });
});

// ---- laws ----------------------------------------------------------------------------------------

const KINDS = ['string', 'integer', 'number', 'boolean', 'enum', 'strings', 'nested'] as const;

interface PropertySpec {
  readonly kind: (typeof KINDS)[number];
  readonly optional: boolean;
  readonly nullable: boolean;
  readonly bound: number | undefined;
  readonly exclusive: boolean;
  readonly examples: boolean;
}

const propertySpec: fc.Arbitrary<PropertySpec> = fc.record({
  kind: fc.constantFrom(...KINDS),
  optional: fc.boolean(),
  nullable: fc.boolean(),
  bound: fc.option(fc.integer({ min: -3, max: 3 }), { nil: undefined }),
  exclusive: fc.boolean(),
  examples: fc.boolean(),
});

class Leaf {
  @Param({ description: 'Leaf', optional: true, minLength: 1 })
  value?: string;
}

function optionsOf(spec: PropertySpec): ParamOptions {
  const common: ParamOptions = {
    description: `a ${spec.kind}`,
    optional: spec.optional,
    nullable: spec.nullable,
  };
  const numberBound: ParamOptions =
    spec.bound === undefined
      ? {}
      : spec.exclusive
        ? ({ exclusiveMinimum: spec.bound } as ParamOptions)
        : { minimum: spec.bound };
  const examples = (value: unknown): ParamOptions => (spec.examples ? { examples: [value] } : {});
  switch (spec.kind) {
    case 'string':
      return {
        ...common,
        ...examples('s'),
        type: () => String,
        minLength: spec.bound === undefined ? undefined : Math.abs(spec.bound),
      };
    case 'integer':
      return { ...common, ...numberBound, ...examples(3), integer: true, type: () => Number };
    case 'number':
      return { ...common, ...numberBound, ...examples(3.5), type: () => Number };
    case 'boolean':
      return { ...common, type: () => Boolean };
    case 'enum':
      return { ...common, enum: ['a', 'b', 1] };
    case 'strings':
      return {
        ...common,
        type: () => [String],
        minItems: spec.bound === undefined ? undefined : Math.abs(spec.bound),
      };
    case 'nested':
      return { ...common, type: () => Leaf };
  }
}

function buildClass(specs: readonly PropertySpec[]): new () => object {
  class Generated {}
  specs.forEach((spec, index) => {
    Reflect.defineMetadata('design:type', Object, Generated.prototype, `p${index}`);
    Param(optionsOf(spec))(Generated.prototype, `p${index}`);
  });
  return Generated;
}

// Values near the schema: right and wrong types, bounds, nulls, strings that coerce and do not.
const fieldValue = fc.oneof(
  fc.constantFrom(
    null,
    true,
    false,
    0,
    1,
    -1,
    3,
    3.5,
    '',
    's',
    '5',
    'true',
    'a',
    'b',
    1,
    [],
    ['x'],
    [''],
    {},
  ),
  fc.constantFrom({ value: 'x' }, { value: '' }, { value: 1 }, { other: 1 }),
  fc.integer({ min: -5, max: 5 }),
  fc.string({ maxLength: 3 }),
);

function argumentsFor(count: number): fc.Arbitrary<unknown> {
  const keys = Array.from({ length: count }, (_, index) => `p${index}`);
  return fc.oneof(
    {
      weight: 8,
      arbitrary: fc.dictionary(fc.constantFrom(...keys, 'extra'), fieldValue, { maxKeys: count + 1 }),
    },
    { weight: 1, arbitrary: fc.constantFrom(null, [], 5, 'text', {}) },
  );
}

type Verdict = { ok: true; json: string } | { ok: false; text: string; kind: string };

async function decodeVerdict(argsClass: new () => object, value: unknown): Promise<Verdict> {
  try {
    return {
      ok: true,
      json: JSON.stringify(
        await decodeArgs(argsClass, typeof value === 'string' ? JSON.stringify(value) : value),
      ),
    };
  } catch (error) {
    if (!ToolError.is(error)) throw error;
    return {
      ok: false,
      text: (error.issues ?? []).map((issue) => `${issue.path} ${describeArgumentIssue(issue)}`).join('|'),
      kind: error.kind,
    };
  }
}

function standardVerdict(result: StandardSchemaResult<object>): Verdict {
  if (result.issues === undefined) return { ok: true, json: JSON.stringify(result.value) };
  const lines = result.issues.map(
    (issue) =>
      `${issue.path === undefined ? '' : formatKeys(issue.path as (string | number)[])} ${issue.message}`,
  );
  return { ok: false, text: lines.join('|'), kind: 'invalid_arguments' };
}

function formatKeys(keys: readonly (string | number)[]): string {
  return keys
    .map((key, index) => (typeof key === 'number' ? `[${key}]` : index === 0 ? key : `.${key}`))
    .join('');
}

describe('standardSchemaOf laws', () => {
  const specs = fc.array(propertySpec, { minLength: 1, maxLength: 5 });

  it('validate gives the verdict, value and issues (path and text) decodeArgs gives', async () => {
    await fc.assert(
      fc.asyncProperty(
        specs.chain((generated) =>
          fc.tuple(
            fc.constant(generated),
            fc.array(argumentsFor(generated.length), { minLength: 1, maxLength: 8 }),
          ),
        ),
        async ([generated, values]) => {
          const argsClass = buildClass(generated);
          const validate = standardSchemaOf(argsClass)['~standard'].validate;
          for (const value of values) {
            const expected = await decodeVerdict(argsClass, value);
            const actual = standardVerdict(sync(validate(value)));
            expect(actual.ok).toBe(expected.ok);
            if (expected.ok) expect(actual).toEqual(expected);
            else if (!actual.ok) expect(actual.text).toBe(expected.text);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('ajv compiles each target: draft-07 with Ajv, draft-2020-12 with Ajv2020, openapi-3.0 as draft-04 bounds', () => {
    const ajv07 = new Ajv({ strict: true, allErrors: true, allowUnionTypes: true });
    const ajv2020 = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
    const ajvOpenApi = new Ajv({ strict: true, allErrors: true, allowUnionTypes: true }).addKeyword(
      'example',
    );
    fc.assert(
      fc.property(specs, fc.constantFrom('default', 'openai-strict' as const), (generated, variant) => {
        const argsClass = buildClass(generated);
        const json = standardSchemaOf(argsClass, { variant: variant as 'default' | 'openai-strict' })[
          '~standard'
        ].jsonSchema;
        const draft07 = json.input({ target: 'draft-07' });
        const draft2020 = json.input({ target: 'draft-2020-12' });
        const openapi = json.input({ target: 'openapi-3.0' });
        ajv07.compile(draft07);
        ajv2020.compile(draft2020);
        expect(draft2020['$schema']).toBe('https://json-schema.org/draft/2020-12/schema');
        expect(JSON.stringify(draft2020)).not.toContain('draft-07');
        // OpenAPI 3.0 is draft-04 plus `nullable`: one type per node, no null type, boolean exclusive bounds.
        const text = JSON.stringify(openapi);
        expect(openapi['$schema']).toBeUndefined();
        expect(text).not.toContain('"null"');
        expect(text).not.toContain('"examples"');
        expect(text).not.toMatch(/"type":\[/);
        expect(text).not.toMatch(/"exclusiveMinimum":-?\d/);
        // With the bounds written back in draft-07 terms, ajv (which reads `nullable`) compiles it.
        ajvOpenApi.compile(withDraft06Bounds(openapi) as object);
      }),
      { numRuns: 100 },
    );
  });
});

/** An OpenAPI 3.0 schema's draft-04 bounds (`exclusiveMinimum: true` beside `minimum`) as draft-06 numbers. */
function withDraft06Bounds(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withDraft06Bounds);
  if (typeof schema !== 'object' || schema === null) return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) copy[key] = withDraft06Bounds(value);
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (copy[flag] === true) {
      copy[flag] = copy[bound];
      delete copy[bound];
    }
  }
  return copy;
}
