import 'reflect-metadata';
import Ajv from 'ajv';
import { IsEmail, IsInt, IsOptional, IsUrl, Length, Max, Min } from 'class-validator';
import { Param } from '../decorators/param';
import { ToolDefinitionError } from '../model/tool-definition-error';
import { OPENAI_STRICT_FORMATS } from './openai-strict-keywords';
import { openAiStrictViolations } from './openai-strict-violations';
import { schemaOf } from './schema-of';

function strictAjv(): Ajv {
  const ajv = new Ajv({ strict: true, allErrors: true });
  for (const format of OPENAI_STRICT_FORMATS) ajv.addFormat(format, true);
  return ajv;
}

describe("schemaOf(…, { target: 'openai-strict' })", () => {
  it('requires every property, makes optional ones nullable and moves dropped keywords into descriptions', () => {
    class ReadFileArgs {
      @Param({ description: 'Path relative to the workspace root', minLength: 1 })
      path!: string;

      @Param({
        description: 'First line to read, 1-based',
        optional: true,
        integer: true,
        minimum: 1,
        default: 1,
      })
      offset?: number;

      @Param({ title: 'Encoding', enum: ['utf8', 'latin1'], optional: true, examples: ['utf8'] })
      encoding?: string;

      @Param({ nullable: true, type: () => String, maxLength: 80, deprecated: true })
      label!: string | null;

      @Param({ optional: true, type: () => [String], uniqueItems: true, minItems: 1, minLength: 2 })
      tags?: string[];
    }
    const schema = schemaOf(ReadFileArgs, { target: 'openai-strict' });
    expect(schema).toEqual({
      type: 'object',
      properties: {
        path: { type: 'string', description: 'Path relative to the workspace root (at least 1 character)' },
        offset: {
          type: ['integer', 'null'],
          description: 'First line to read, 1-based (default: 1)',
          minimum: 1,
        },
        encoding: {
          type: ['string', 'null'],
          description: 'Encoding (examples: "utf8")',
          enum: ['utf8', 'latin1', null],
        },
        label: { type: ['string', 'null'], description: '(at most 80 characters; deprecated)' },
        tags: {
          type: ['array', 'null'],
          description: '(items must be unique)',
          items: { type: 'string', description: '(at least 2 characters)' },
          minItems: 1,
        },
      },
      required: ['path', 'offset', 'encoding', 'label', 'tags'],
      additionalProperties: false,
    });
    expect(openAiStrictViolations(schema)).toEqual([]);

    const validate = strictAjv().compile(schema);
    expect(validate({ path: 'a.ts', offset: null, encoding: null, label: null, tags: null })).toBe(true);
    expect(validate({ path: 'a.ts', offset: 3, encoding: 'utf8', label: 'x', tags: ['ab'] })).toBe(true);
    // Strict mode sends every property: absence is written as null.
    expect(validate({ path: 'a.ts' })).toBe(false);
    expect(validate({ path: null, offset: null, encoding: null, label: null, tags: null })).toBe(false);
  });

  it('states length bounds in words: a range, an exact length, or one side', () => {
    class CodeArgs {
      @Param({ minLength: 2, maxLength: 8, description: 'Code' })
      code!: string;

      @Param({ minLength: 4, maxLength: 4 })
      pin!: string;

      @Param({ maxLength: 1 })
      initial!: string;
    }
    const properties = schemaOf(CodeArgs, { target: 'openai-strict' })['properties'];
    expect(properties).toEqual({
      code: { type: 'string', description: 'Code (2 to 8 characters)' },
      pin: { type: 'string', description: '(exactly 4 characters)' },
      initial: { type: 'string', description: '(at most 1 character)' },
    });
  });

  it('keeps supported formats, patterns and number bounds, and describes unsupported formats', () => {
    class ContactArgs {
      @Param({ description: 'Where to write' })
      @IsEmail()
      email!: string;

      @Param()
      @IsUrl()
      website!: string;

      @Param({ pattern: '^[A-Z]{2}$' })
      country!: string;

      @Param({ exclusiveMinimum: 0, multipleOf: 0.5 })
      @Max(10)
      score!: number;
    }
    const schema = schemaOf(ContactArgs, { target: 'openai-strict' });
    expect(schema['properties']).toEqual({
      email: { type: 'string', description: 'Where to write', format: 'email' },
      website: { type: 'string', description: '(format: uri)' },
      country: { type: 'string', pattern: '^[A-Z]{2}$' },
      score: { type: 'number', exclusiveMinimum: 0, maximum: 10, multipleOf: 0.5 },
    });
    expect(openAiStrictViolations(schema)).toEqual([]);
    strictAjv().compile(schema);
  });

  it('applies the rules at every object level, inline and in $defs', () => {
    class Position {
      @Param({ integer: true })
      line!: number;

      @Param({ integer: true, optional: true })
      column?: number;
    }
    class Comment {
      @Param({ minLength: 1 })
      text!: string;

      @Param({ type: () => [Comment], optional: true, description: 'Replies' })
      replies?: Comment[];

      @Param({ type: () => Comment, optional: true, description: 'The comment answered' })
      parent?: Comment;

      @Param({ type: () => Position, optional: true })
      at?: Position;
    }
    class ReviewArgs {
      @Param({ type: () => Comment, description: 'First comment' })
      first!: Comment;

      @Param({ type: () => [Position], optional: true })
      marks?: Position[];
    }
    const schema = schemaOf(ReviewArgs, { target: 'openai-strict' });
    expect(openAiStrictViolations(schema)).toEqual([]);
    const position = {
      type: 'object',
      properties: { line: { type: 'integer' }, column: { type: ['integer', 'null'] } },
      required: ['line', 'column'],
      additionalProperties: false,
    };
    expect(schema).toEqual({
      type: 'object',
      properties: {
        first: { anyOf: [{ $ref: '#/$defs/Comment' }], description: 'First comment' },
        marks: { type: ['array', 'null'], items: position },
      },
      required: ['first', 'marks'],
      additionalProperties: false,
      $defs: {
        Comment: {
          type: 'object',
          properties: {
            text: { type: 'string', description: '(at least 1 character)' },
            replies: { type: ['array', 'null'], description: 'Replies', items: { $ref: '#/$defs/Comment' } },
            parent: {
              anyOf: [{ $ref: '#/$defs/Comment' }, { type: 'null' }],
              description: 'The comment answered',
            },
            at: { anyOf: [position, { type: 'null' }] },
          },
          required: ['text', 'replies', 'parent', 'at'],
          additionalProperties: false,
        },
      },
    });
    const validate = strictAjv().compile(schema);
    const leaf = { text: 'b', replies: null, parent: null, at: null };
    expect(
      validate({
        first: { text: 'a', replies: [leaf], parent: leaf, at: { line: 1, column: null } },
        marks: null,
      }),
    ).toBe(true);
    expect(
      validate({ first: { text: 'a', replies: [{ text: 'b' }], parent: null, at: null }, marks: null }),
    ).toBe(false);
    expect(validate({ first: { ...leaf, at: { line: 1 } }, marks: null })).toBe(false);
  });

  it('references a recursive root as #', () => {
    class Category {
      @Param()
      name!: string;

      @Param({ type: () => [Category] })
      children!: Category[];
    }
    const schema = schemaOf(Category, { target: 'openai-strict' });
    expect(schema).toEqual({
      type: 'object',
      properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#' } } },
      required: ['name', 'children'],
      additionalProperties: false,
    });
    const validate = strictAjv().compile(schema);
    expect(validate({ name: 'a', children: [{ name: 'b', children: [] }] })).toBe(true);
  });

  it('makes class-validator optionals nullable and keeps their bounds', () => {
    class PageArgs {
      @Param({ description: 'Page number' })
      @IsOptional()
      @IsInt()
      @Min(1)
      page?: number;

      @Param()
      @Length(1, 10)
      cursor!: string;
    }
    const schema = schemaOf(PageArgs, { target: 'openai-strict' });
    expect(schema['properties']).toEqual({
      page: { type: ['integer', 'null'], description: 'Page number', minimum: 1 },
      cursor: { type: 'string', description: '(1 to 10 characters)' },
    });
    expect(schema['required']).toEqual(['page', 'cursor']);
  });

  it('accepts null for every optional property of a generated class, and nothing else is left optional', () => {
    class Options {
      @Param({ optional: true, type: () => String, nullable: true })
      a?: string | null;

      @Param({ optional: true, enum: [1, 2] })
      b?: number;

      @Param({ optional: true })
      c?: boolean;

      @Param({ optional: true, type: () => [[Number]] })
      d?: number[][];
    }
    const schema = schemaOf(Options, { target: 'openai-strict' });
    expect(schema['properties']).toEqual({
      a: { type: ['string', 'null'] },
      b: { type: ['integer', 'null'], enum: [1, 2, null] },
      c: { type: ['boolean', 'null'] },
      d: { type: ['array', 'null'], items: { type: 'array', items: { type: 'number' } } },
    });
    const validate = strictAjv().compile(schema);
    expect(validate({ a: null, b: null, c: null, d: null })).toBe(true);
    expect(validate({ a: null, b: 3, c: null, d: null })).toBe(false);
    expect(validate({ a: null, b: null, c: null })).toBe(false);
  });

  it('throws the same ToolDefinitionError as the default target for a reflection gap', () => {
    class BrokenArgs {
      @Param()
      ids!: number[];
    }
    expect(() => schemaOf(BrokenArgs, { target: 'openai-strict' })).toThrow(ToolDefinitionError);
    expect(() => schemaOf(BrokenArgs, { target: 'openai-strict' })).toThrow(
      'BrokenArgs.ids: reflection gives Array; say the item type.',
    );
  });

  it('passes the strict checker, which does report what strict mode refuses', () => {
    expect(
      openAiStrictViolations({
        type: 'object',
        properties: {
          a: { type: 'string', minLength: 1, format: 'uri' },
          b: { $ref: '#/$defs/B', description: 'b' },
          c: {
            type: 'object',
            properties: { d: { type: 'array', items: { type: 'number' }, uniqueItems: true } },
          },
        },
        required: ['a'],
        additionalProperties: false,
        $defs: {
          B: { type: 'object', properties: {}, required: [], additionalProperties: false, title: 'B' },
        },
      }),
    ).toEqual([
      '#: every property must be required (missing: b, c)',
      "#/properties/a: 'minLength' is not supported",
      "#/properties/a: format 'uri' is not supported",
      '#/properties/b: $ref cannot have sibling keywords; wrap it: { anyOf: [{ $ref }], description }',
      '#/properties/c: every property must be required (missing: d)',
      '#/properties/c: additionalProperties must be false',
      "#/properties/c/properties/d: 'uniqueItems' is not supported",
      "#/$defs/B: 'title' is not supported",
    ]);
    expect(openAiStrictViolations({ anyOf: [{ type: 'string' }] })).toEqual([
      "#: the root must be an object schema (type: 'object')",
    ]);
  });
});
