import 'reflect-metadata';
import { plainToInstance, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsPositive,
  IsString,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  Validate,
  ValidateNested,
  validateSync,
  ValidatorConstraint,
  type ValidatorConstraintInterface,
} from 'class-validator';
import fc from 'fast-check';
import { Param } from '../../src/decorators/param';
import { createArgsDecoder } from '../../src/decode/create-args-decoder';
import { ToolError } from '../../src/errors/tool-error';
import type { ArgsModel } from '../../src/model/args-model';
import { getArgsModel } from '../../src/model/build-args-model';
import type { TypeNode } from '../../src/model/args-model';
import { applyDocumentedCoercions, isPlainObject, stricterThanSchema } from './support/documented-coercions';
import { junk, objectNear } from './support/near-miss';

// Law: for args classes decorated with both @Param and the equivalent class-validator decorators,
// the compiled decoder and the plain class-validator pipeline (JSON.parse → plainToInstance →
// validateSync with whitelist, forbidNonWhitelisted, forbidUnknownValues) give the same verdict,
// and on acceptance build equal instances. The only allowed differences, each handled below:
//
//   A. The decoder's documented coercions (integer text, "true"/"false", null for optional,
//      defaults): class-validator is given `applyDocumentedCoercions(value)` instead of `value`.
//   B. Hostile-input rules no decorator expresses (lone surrogates, U+0000, unsafe integers —
//      @IsInt accepts 2^53): the decoder must refuse, whatever class-validator says.
//   C. class-validator is laxer with nested classes: @ValidateNested iterates an array wherever
//      it finds one, so `[]` or `[{…}]` pass for a nested *object*, and `[[{…}]]` for an array
//      of objects. The decoder must refuse those.
//
// Excluded by construction (covered in hostile-input.test.ts): duplicate keys (values are
// generated, then stringified), prototype keys (class-transformer drops them silently), non-object
// top levels (plainToInstance(Class, null) throws), U+FE0E/U+FE0F (validator.js's isLength
// counts "x\uFE0F" as one character; the decoder counts code points, as JSON Schema does).

const VALIDATOR_OPTIONS = { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true };

function classes() {
  class ReadFileArgs {
    @Param({ description: 'Path' })
    @IsString()
    @MinLength(1)
    path!: string;

    @Param({ description: 'First line', optional: true })
    @IsOptional()
    @IsInt()
    @Min(1)
    offset?: number;

    @Param({ description: 'Lines', optional: true, integer: true, minimum: 1, maximum: 10000 })
    @IsOptional()
    @IsInt()
    @Min(1)
    @Max(10000)
    limit?: number;
  }

  class SearchArgs {
    @Param({ description: 'Query' })
    @IsString()
    @Length(1, 12)
    query!: string;

    @Param({ description: 'Mode', enum: ['literal', 'regex'] })
    @IsIn(['literal', 'regex'])
    mode!: 'literal' | 'regex';

    @Param({ description: 'Case sensitive', optional: true })
    @IsOptional()
    @IsBoolean()
    caseSensitive?: boolean;

    @Param({ description: 'Tags', optional: true, type: () => [String], maxItems: 3, uniqueItems: true })
    @IsOptional()
    @IsArray()
    @IsString({ each: true })
    @MaxLength(5, { each: true })
    @ArrayMaxSize(3)
    @ArrayUnique()
    tags?: string[];

    @Param({ description: 'Score', optional: true })
    @IsOptional()
    @IsNumber()
    @Min(0)
    @Max(1)
    score?: number;

    @Param({ description: 'Page size', default: 20, integer: true, minimum: 1 })
    @IsOptional()
    @IsInt()
    @Min(1)
    pageSize: number = 20;
  }

  class EditOp {
    @Param({ description: 'Old', minLength: 1 })
    @IsString()
    @MinLength(1)
    old_string!: string;

    @Param({ description: 'New' })
    @IsString()
    new_string!: string;

    @Param({ description: 'Occurrences', optional: true })
    @IsOptional()
    @IsInt()
    @IsPositive()
    count?: number;
  }

  class EditArgs {
    @Param({ description: 'Path' })
    @IsString()
    path!: string;

    @Param({ description: 'Edits', type: () => [EditOp] })
    @IsArray()
    @ArrayMinSize(1)
    @ArrayMaxSize(3)
    @ValidateNested({ each: true })
    @Type(() => EditOp)
    edits!: EditOp[];

    @Param({ description: 'Dry run', optional: true })
    @IsOptional()
    @IsBoolean()
    dryRun?: boolean;
  }

  class Address {
    @Param({ description: 'Street' })
    @IsString()
    @Length(2, 8)
    street!: string;

    @Param({ description: 'Code' })
    @IsString()
    @Matches(/^[A-Z]{3}$/)
    code!: string;
  }

  class ContactArgs {
    @Param({ description: 'Email' })
    @IsEmail()
    email!: string;

    @Param({ description: 'Address', optional: true, type: () => Address })
    @IsOptional()
    @ValidateNested()
    @Type(() => Address)
    address?: Address;

    @Param({ description: 'Numbers', optional: true, type: () => [Number], integer: true, minimum: 0 })
    @IsOptional()
    @IsArray()
    @IsInt({ each: true })
    @Min(0, { each: true })
    numbers?: number[];
  }

  // Residual validators: the decoder runs its structural pass, then class-validator.
  @ValidatorConstraint({ name: 'isEven' })
  class IsEven implements ValidatorConstraintInterface {
    validate(value: unknown): boolean {
      return typeof value === 'number' && value % 2 === 0;
    }
  }

  class PagerArgs {
    @Param({ description: 'Page', integer: true, minimum: 0 })
    @IsInt()
    @Min(0)
    @Validate(IsEven)
    page!: number;

    @Param({ description: 'Cursor', optional: true })
    @IsOptional()
    @IsString()
    @IsNotEmpty()
    cursor?: string;
  }

  return { ReadFileArgs, SearchArgs, EditArgs, ContactArgs, PagerArgs };
}

/** Reason C above, or undefined. */
function classValidatorLaxness(value: unknown, model: ArgsModel): string | undefined {
  if (!isPlainObject(value)) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const property = model.byName.get(key);
    if (property === undefined || item === null) continue;
    const reason = laxNode(property.type, item);
    if (reason !== undefined) return `${key}: ${reason}`;
  }
  return undefined;
}

function laxNode(node: TypeNode, value: unknown): string | undefined {
  if (node.kind === 'object') {
    return Array.isArray(value)
      ? 'an array where an object belongs'
      : classValidatorLaxness(value, node.model);
  }
  if (node.kind === 'array' && node.items.kind === 'object' && Array.isArray(value)) {
    for (const item of value) {
      const reason = Array.isArray(item)
        ? 'an array where an object item belongs'
        : laxNode(node.items, item);
      if (reason !== undefined) return reason;
    }
  }
  return undefined;
}

function classValidatorVerdict(
  argsClass: new () => object,
  value: unknown,
): { ok: boolean; instance: object } {
  const instance = plainToInstance(argsClass, value) as object;
  return { ok: validateSync(instance, VALIDATOR_OPTIONS).length === 0, instance };
}

describe('the compiled decoder and class-validator', () => {
  it('give the same verdict, and equal instances, on generated inputs (1,000 per class)', () => {
    for (const argsClass of Object.values(classes()) as (new () => object)[]) {
      const model = getArgsModel(argsClass);
      const decode = createArgsDecoder<object>(model);
      const input = fc.oneof(
        { weight: 12, arbitrary: objectNear(model) },
        { weight: 1, arbitrary: fc.dictionary(fc.string(), junk) },
      );
      fc.assert(
        fc.property(input, (generated) => {
          // Both sides judge what the JSON text says (-0 is written as 0, for one).
          const text = JSON.stringify(generated);
          const value: unknown = JSON.parse(text);
          const decoded = decode(text);
          expect(decoded).not.toBeInstanceOf(Promise);
          const accepted = !(decoded instanceof ToolError);
          const reason = stricterThanSchema(value, model) ?? classValidatorLaxness(value, model);
          if (reason !== undefined) {
            expect({ reason, accepted }).toEqual({ reason, accepted: false });
            return;
          }
          const reference = classValidatorVerdict(argsClass, applyDocumentedCoercions(value, model));
          expect({ accepted, value }).toEqual({ accepted: reference.ok, value });
          if (accepted) expect(decoded).toStrictEqual(reference.instance);
        }),
        { numRuns: 1000 },
      );
    }
  }, 120_000);

  it('documents difference C: class-validator accepts an array for a nested object', () => {
    const { ContactArgs, EditArgs } = classes();
    expect(classValidatorVerdict(ContactArgs, { email: 'a@b.co', address: [] }).ok).toBe(true);
    expect(
      classValidatorVerdict(EditArgs, { path: 'a', edits: [[{ old_string: 'x', new_string: 'y' }]] }).ok,
    ).toBe(true);
    expect(createArgsDecoder(getArgsModel(ContactArgs))('{"email":"a@b.co","address":[]}')).toBeInstanceOf(
      ToolError,
    );
    const edits = '{"path":"a","edits":[[{"old_string":"x","new_string":"y"}]]}';
    expect(createArgsDecoder(getArgsModel(EditArgs))(edits)).toBeInstanceOf(ToolError);
  });
});
