import 'reflect-metadata';
import Ajv from 'ajv';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsEmail,
  IsIn,
  IsInt,
  IsOptional,
  IsUrl,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { Param } from '../decorators/param';
import type { JsonSchema, SchemaTarget } from './json-schema';
import { schemaOf } from './schema-of';

type PropertyDecoratorFunction = (target: object, propertyKey: string) => void;

interface PropertyPlan {
  readonly name: string;
  readonly designType: Function;
  readonly decorators: readonly (() => PropertyDecoratorFunction)[];
}

// Each property stacks @Param with several class-validator decorators. Decorators are applied as
// plain functions, the way TypeScript applies them, in every order.
const plans: readonly PropertyPlan[] = [
  {
    name: 'count',
    designType: Number,
    decorators: [
      () => Param({ description: 'How many', optional: true }),
      () => IsInt(),
      () => Min(1),
      () => Max(10),
      () => IsOptional(),
    ],
  },
  {
    name: 'email',
    designType: String,
    decorators: [
      () => Param({ description: 'Contact address' }),
      () => IsEmail(),
      () => IsUrl(),
      () => Length(3, 64),
      () => Matches(/@/),
    ],
  },
  {
    name: 'tags',
    designType: Array,
    decorators: [
      () => Param({ type: () => [String], description: 'Labels' }),
      () => ArrayMinSize(1),
      () => ArrayMaxSize(5),
      () => MaxLength(10, { each: true }),
      () => Matches(/^[a-z]+$/, { each: true }),
    ],
  },
  {
    name: 'mode',
    designType: String,
    decorators: [
      () => Param({ default: 'b' }),
      () => IsIn(['c', 'b', 'a']),
      () => IsIn(['a', 'b']),
      () => Matches(/^[a-z]$/),
      () => Matches(/^\w+$/),
    ],
  },
];

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, index) =>
    permutations([...items.slice(0, index), ...items.slice(index + 1)]).map((rest) => [item, ...rest]),
  );
}

/** A fresh args class whose properties get their decorators in the given orders. */
function buildClass(orders: readonly (readonly number[])[]): Function {
  class GeneratedArgs {}
  const prototype = GeneratedArgs.prototype;
  plans.forEach((plan, index) => {
    Reflect.defineMetadata('design:type', plan.designType, prototype, plan.name);
    for (const position of orders[index] ?? []) plan.decorators[position]!()(prototype, plan.name);
  });
  return GeneratedArgs;
}

describe('schemaOf and decorator order', () => {
  const orderings = plans.map((plan) => permutations(plan.decorators.map((_, index) => index)));
  const runs = Math.max(...orderings.map((o) => o.length));

  it.each<SchemaTarget>(['default', 'openai-strict'])(
    'gives the same %s schema for every order of @Param and class-validator decorators',
    (target) => {
      const reference = schemaOf(buildClass(orderings.map((o) => o[0]!)), { target });
      const seen = new Set<string>();
      for (let run = 0; run < runs; run += 1) {
        const orders = orderings.map((o) => o[(run * 7) % o.length]!);
        // Also the reverse order of each, so every property sees both its first and its last decorator first.
        for (const current of [orders, orders.map((order) => [...order].reverse())]) {
          seen.add(current.map((order) => order.join('')).join('|'));
          const schema = schemaOf(buildClass(current), { target });
          expect(schema).toEqual(reference);
          expect(JSON.stringify(schema)).toBe(JSON.stringify(reference));
        }
      }
      // Every ordering of every property was tried.
      for (const [index, ordering] of orderings.entries()) {
        const tried = new Set([...seen].map((key) => key.split('|')[index]));
        expect(tried.size).toBe(ordering.length);
      }
    },
  );

  it('folds the stacked decorators into the schema', () => {
    const schema: JsonSchema = schemaOf(buildClass(plans.map((plan) => plan.decorators.map((_, i) => i))));
    expect(schema).toEqual({
      type: 'object',
      properties: {
        count: { type: 'integer', description: 'How many', minimum: 1, maximum: 10 },
        email: {
          type: 'string',
          description: 'Contact address',
          minLength: 3,
          maxLength: 64,
          pattern: '@',
          format: 'email',
        },
        tags: {
          type: 'array',
          description: 'Labels',
          items: { type: 'string', maxLength: 10, pattern: '^[a-z]+$' },
          minItems: 1,
          maxItems: 5,
        },
        mode: { type: 'string', enum: ['a', 'b'], default: 'b' },
      },
      required: ['email', 'tags'],
      additionalProperties: false,
    });
    new Ajv({ strict: true, allErrors: true }).addFormat('email', true).compile(schema);
  });
});
