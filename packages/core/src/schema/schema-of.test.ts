import 'reflect-metadata';
import Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsEmail,
  IsEnum,
  IsIn,
  IsInt,
  IsOptional,
  IsUrl,
  IsUUID,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';
import { Param } from '../decorators/param';
import { buildInlineArgsModel, getArgsModel } from '../model/build-args-model';
import { NoArguments } from '../model/no-arguments';
import { ToolDefinitionError } from '../model/tool-definition-error';
import type { JsonSchema } from './json-schema';
import { schemaOf, schemaOfModel } from './schema-of';

const FORMATS = ['email', 'uri', 'uuid', 'date-time'];

/** A strict ajv: unknown keywords, formats, misplaced keywords and union types all fail to compile. */
function strictAjv(options: { allowUnionTypes?: boolean } = {}): Ajv {
  const ajv = new Ajv({ strict: true, allErrors: true, ...options });
  for (const format of FORMATS) ajv.addFormat(format, true);
  return ajv;
}

function compile(schema: JsonSchema, options: { allowUnionTypes?: boolean } = {}) {
  const validate = strictAjv(options).compile(schema);
  // The same schema must read as draft 2020-12 too.
  const ajv2020 = new Ajv2020({ strict: true, allErrors: true, ...options });
  for (const format of FORMATS) ajv2020.addFormat(format, true);
  ajv2020.compile(schema);
  return validate;
}

function isDeeplyFrozen(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  return Object.isFrozen(value) && Object.values(value).every(isDeeplyFrozen);
}

describe('schemaOf', () => {
  it('describes strings, numbers, integers and booleans with their bounds, in declaration order', () => {
    class SearchArgs {
      @Param({ description: 'What to look for', minLength: 1, maxLength: 200, pattern: /^\S/ })
      query!: string;

      @Param({ description: 'Page size', integer: true, minimum: 1, maximum: 100, optional: true })
      limit?: number;

      @Param({ exclusiveMinimum: 0, exclusiveMaximum: 1, multipleOf: 0.01 })
      threshold!: number;

      @Param({ description: 'Include archived results', optional: true })
      archived?: boolean;
    }
    const schema = schemaOf(SearchArgs);
    expect(schema).toEqual({
      type: 'object',
      properties: {
        query: {
          type: 'string',
          description: 'What to look for',
          minLength: 1,
          maxLength: 200,
          pattern: '^\\S',
        },
        limit: { type: 'integer', description: 'Page size', minimum: 1, maximum: 100 },
        threshold: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1, multipleOf: 0.01 },
        archived: { type: 'boolean', description: 'Include archived results' },
      },
      required: ['query', 'threshold'],
      additionalProperties: false,
    });
    expect(Object.keys(schema)).toEqual(['type', 'properties', 'required', 'additionalProperties']);
    expect(Object.keys(schema['properties'] as object)).toEqual(['query', 'limit', 'threshold', 'archived']);
    const validate = compile(schema);
    expect(validate({ query: 'x', threshold: 0.5 })).toBe(true);
    expect(validate({ query: 'x', threshold: 0.5, limit: 2.5 })).toBe(false);
    expect(validate({ query: '', threshold: 0.5 })).toBe(false);
    expect(validate({ query: 'x', threshold: 1 })).toBe(false);
    expect(validate({ query: 'x', threshold: 0.5, extra: 1 })).toBe(false);
  });

  it('omits required when every property is optional, and never writes empty or undefined keywords', () => {
    class FilterArgs {
      @Param({ optional: true, description: '', title: '', format: 'date-time' })
      since?: string;

      @Param({ optional: true, format: 'email' })
      count?: number;
    }
    const schema = schemaOf(FilterArgs);
    expect(schema).toEqual({
      type: 'object',
      properties: { since: { type: 'string', format: 'date-time' }, count: { type: 'number' } },
      additionalProperties: false,
    });
    expect(JSON.stringify(schema)).not.toContain('"description"');
    expect(JSON.stringify(schema)).not.toContain('"title"');
    compile(schema);
  });

  it('puts title, description, default, examples and deprecated on the property schema', () => {
    class ReadArgs {
      @Param({
        title: 'Offset',
        description: 'First line to read, 1-based',
        integer: true,
        minimum: 1,
        default: 1,
        examples: [1, 40],
        deprecated: true,
      })
      offset?: number;
    }
    const schema = schemaOf(ReadArgs);
    const offset = (schema['properties'] as Record<string, JsonSchema>)['offset'];
    expect(offset).toEqual({
      type: 'integer',
      title: 'Offset',
      description: 'First line to read, 1-based',
      minimum: 1,
      default: 1,
      examples: [1, 40],
      deprecated: true,
    });
    expect(Object.keys(offset!)).toEqual([
      'type',
      'title',
      'description',
      'minimum',
      'default',
      'examples',
      'deprecated',
    ]);
    // A property with a default may be absent.
    expect(schema['required']).toBeUndefined();
    compile(schema);
  });

  it('copies defaults and examples instead of freezing the author’s values', () => {
    const fallback = { depth: 1 };
    class ConfigArgs {
      @Param({ type: () => [String], default: ['a'], examples: [['b']] })
      names?: string[];

      @Param({ enum: ['x', 'y'], optional: true, examples: [fallback] })
      mode?: string;
    }
    const schema = schemaOf(ConfigArgs);
    expect(isDeeplyFrozen(schema)).toBe(true);
    expect(Object.isFrozen(fallback)).toBe(false);
    expect((schema['properties'] as Record<string, JsonSchema>)['names']).toEqual({
      type: 'array',
      items: { type: 'string' },
      default: ['a'],
      examples: [['b']],
    });
  });

  it('derives the enum type from the values, including integer, number and mixed enums', () => {
    class EnumArgs {
      @Param({ enum: ['read', 'write'] })
      mode!: string;

      @Param({ enum: [1, 2, 3] })
      level!: number;

      @Param({ enum: [0.5, 1] })
      ratio!: number;

      @Param({ enum: ['auto', 0] })
      size!: string | number;
    }
    const schema = schemaOf(EnumArgs);
    expect(schema['properties']).toEqual({
      mode: { type: 'string', enum: ['read', 'write'] },
      level: { type: 'integer', enum: [1, 2, 3] },
      ratio: { type: 'number', enum: [0.5, 1] },
      size: { type: ['string', 'integer'], enum: ['auto', 0] },
    });
    const validate = compile(schema, { allowUnionTypes: true });
    expect(validate({ mode: 'read', level: 2, ratio: 0.5, size: 0 })).toBe(true);
    expect(validate({ mode: 'delete', level: 2, ratio: 0.5, size: 0 })).toBe(false);
  });

  it('reads TypeScript string and numeric enums without the numeric reverse mappings', () => {
    enum Color {
      Red = 'red',
      Green = 'green',
    }
    enum Priority {
      Low,
      High = 10,
    }
    class PaintArgs {
      @Param({ enum: Color })
      color!: Color;

      @Param({ enum: Priority })
      priority!: Priority;
    }
    expect(schemaOf(PaintArgs)['properties']).toEqual({
      color: { type: 'string', enum: ['red', 'green'] },
      priority: { type: 'integer', enum: [0, 10] },
    });
    compile(schemaOf(PaintArgs));
  });

  it('makes nullable values accept null: a type array for values, null in enums, anyOf for objects', () => {
    class Range {
      @Param()
      from!: number;
    }
    class NullableArgs {
      @Param({ nullable: true, type: () => String, minLength: 1 })
      label!: string | null;

      @Param({ nullable: true, type: () => Number, integer: true })
      count!: number | null;

      @Param({ nullable: true, enum: ['a', 'b'] })
      choice!: string | null;

      @Param({ nullable: true, type: () => [String] })
      tags!: string[] | null;

      @Param({ nullable: true, type: () => Range, description: 'Lines to read' })
      range!: Range | null;
    }
    const schema = schemaOf(NullableArgs);
    expect(schema['properties']).toEqual({
      label: { type: ['string', 'null'], minLength: 1 },
      count: { type: ['integer', 'null'] },
      choice: { type: ['string', 'null'], enum: ['a', 'b', null] },
      tags: { type: ['array', 'null'], items: { type: 'string' } },
      range: {
        anyOf: [
          {
            type: 'object',
            properties: { from: { type: 'number' } },
            required: ['from'],
            additionalProperties: false,
          },
          { type: 'null' },
        ],
        description: 'Lines to read',
      },
    });
    expect(schema['required']).toEqual(['label', 'count', 'choice', 'tags', 'range']);
    const validate = compile(schema);
    expect(validate({ label: null, count: null, choice: null, tags: null, range: null })).toBe(true);
    expect(validate({ label: 'x', count: 1, choice: 'a', tags: ['t'], range: { from: 1 } })).toBe(true);
    expect(validate({ label: 'x', count: 1, choice: 'c', tags: ['t'], range: { from: 1 } })).toBe(false);
  });

  it('inlines nested classes and arrays of classes, each with its own required and additionalProperties', () => {
    class Position {
      @Param({ integer: true, minimum: 1 })
      line!: number;

      @Param({ integer: true, optional: true })
      column?: number;
    }
    class EditOp {
      @Param({ description: 'Text to replace' })
      oldText!: string;

      @Param({ type: () => Position })
      at!: Position;
    }
    class EditArgs {
      @Param({ type: () => [EditOp], minItems: 1, maxItems: 50, uniqueItems: true, description: 'Edits' })
      edits!: EditOp[];

      @Param({ type: () => Position, optional: true })
      cursor?: Position;
    }
    const position = {
      type: 'object',
      properties: { line: { type: 'integer', minimum: 1 }, column: { type: 'integer' } },
      required: ['line'],
      additionalProperties: false,
    };
    const schema = schemaOf(EditArgs);
    expect(schema).toEqual({
      type: 'object',
      properties: {
        edits: {
          type: 'array',
          description: 'Edits',
          items: {
            type: 'object',
            properties: { oldText: { type: 'string', description: 'Text to replace' }, at: position },
            required: ['oldText', 'at'],
            additionalProperties: false,
          },
          minItems: 1,
          maxItems: 50,
          uniqueItems: true,
        },
        cursor: position,
      },
      required: ['edits'],
      additionalProperties: false,
    });
    expect(JSON.stringify(schema)).not.toContain('$ref');
    const validate = compile(schema);
    expect(validate({ edits: [{ oldText: 'a', at: { line: 1 } }] })).toBe(true);
    expect(validate({ edits: [{ oldText: 'a', at: { line: 1, extra: true } }] })).toBe(false);
    expect(validate({ edits: [] })).toBe(false);
  });

  it('describes nested arrays, with item bounds on the innermost items', () => {
    class MatrixArgs {
      @Param({ type: () => [[Number]], integer: true, minimum: 0, minItems: 1 })
      rows!: number[][];

      @Param({ type: () => [String], maxLength: 10 })
      @MinLength(2, { each: true })
      words!: string[];
    }
    const schema = schemaOf(MatrixArgs);
    expect(schema['properties']).toEqual({
      rows: { type: 'array', items: { type: 'array', items: { type: 'integer', minimum: 0 } }, minItems: 1 },
      words: { type: 'array', items: { type: 'string', minLength: 2, maxLength: 10 } },
    });
    const validate = compile(schema);
    expect(validate({ rows: [[1, 2], []], words: ['ab'] })).toBe(true);
    expect(validate({ rows: [[1.5]], words: [] })).toBe(false);
    expect(validate({ rows: [], words: [] })).toBe(false);
  });

  it('shows class-validator decorators where JSON Schema can express them', () => {
    enum Role {
      Admin = 'admin',
      User = 'user',
    }
    class UserArgs {
      @Param({ description: 'Age in years' })
      @IsInt()
      @Min(0)
      @Max(150)
      age!: number;

      @Param()
      @Length(3, 20)
      @Matches(/^[a-z]+$/)
      login!: string;

      @Param()
      @MinLength(8)
      @MaxLength(64)
      password!: string;

      @Param()
      @IsEmail()
      email!: string;

      @Param()
      @IsUrl()
      homepage!: string;

      @Param()
      @IsUUID()
      id!: string;

      @Param()
      @IsIn(['light', 'dark'])
      theme!: string;

      @Param()
      @IsEnum(Role)
      role!: Role;

      @Param({ type: () => [String] })
      @ArrayMinSize(1)
      @ArrayMaxSize(3)
      @ArrayUnique()
      tags!: string[];

      @Param()
      @IsOptional()
      nickname?: string;
    }
    const schema = schemaOf(UserArgs);
    expect(schema).toEqual({
      type: 'object',
      properties: {
        age: { type: 'integer', description: 'Age in years', minimum: 0, maximum: 150 },
        login: { type: 'string', minLength: 3, maxLength: 20, pattern: '^[a-z]+$' },
        password: { type: 'string', minLength: 8, maxLength: 64 },
        email: { type: 'string', format: 'email' },
        homepage: { type: 'string', format: 'uri' },
        id: { type: 'string', format: 'uuid' },
        theme: { type: 'string', enum: ['light', 'dark'] },
        role: { type: 'string', enum: ['admin', 'user'] },
        tags: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 3, uniqueItems: true },
        nickname: { type: 'string' },
      },
      required: ['age', 'login', 'password', 'email', 'homepage', 'id', 'theme', 'role', 'tags'],
      additionalProperties: false,
    });
    compile(schema);
  });

  it('never writes a format on integers or numbers', () => {
    class CountArgs {
      @Param({ format: 'int32', integer: true })
      @IsInt()
      count!: number;
    }
    expect(schemaOf(CountArgs)['properties']).toEqual({ count: { type: 'integer' } });
  });

  it('puts a recursive class in $defs and references it, the root itself as #', () => {
    class TreeNode {
      @Param({ description: 'Node label' })
      label!: string;

      @Param({ type: () => [TreeNode], optional: true })
      children?: TreeNode[];
    }
    class TreeArgs {
      @Param({ type: () => TreeNode, description: 'The tree' })
      tree!: TreeNode;
    }
    const treeNode = {
      type: 'object',
      properties: {
        label: { type: 'string', description: 'Node label' },
        children: { type: 'array', items: { $ref: '#/$defs/TreeNode' } },
      },
      required: ['label'],
      additionalProperties: false,
    };
    const schema = schemaOf(TreeArgs);
    expect(schema).toEqual({
      type: 'object',
      properties: { tree: { $ref: '#/$defs/TreeNode', description: 'The tree' } },
      required: ['tree'],
      additionalProperties: false,
      $defs: { TreeNode: treeNode },
    });
    expect(Object.keys(schema)).toEqual(['type', 'properties', 'required', 'additionalProperties', '$defs']);
    const validate = compile(schema);
    expect(validate({ tree: { label: 'a', children: [{ label: 'b', children: [{ label: 'c' }] }] } })).toBe(
      true,
    );
    expect(validate({ tree: { label: 'a', children: [{ label: 'b', children: [{ label: 3 }] }] } })).toBe(
      false,
    );

    const rootSchema = schemaOf(TreeNode);
    expect(rootSchema).toEqual({
      type: 'object',
      properties: {
        label: { type: 'string', description: 'Node label' },
        children: { type: 'array', items: { $ref: '#' } },
      },
      required: ['label'],
      additionalProperties: false,
    });
    const validateRoot = compile(rootSchema);
    expect(validateRoot({ label: 'a', children: [{ label: 'b', children: [] }] })).toBe(true);
    expect(validateRoot({ label: 'a', children: [{ label: 'b', extra: 1 }] })).toBe(false);
  });

  it('handles mutual recursion, keeping non-recursive classes inline', () => {
    class Meta {
      @Param()
      owner!: string;
    }
    class Folder {
      @Param()
      name!: string;

      @Param({ type: () => [File] })
      files!: File[];

      @Param({ type: () => Meta, optional: true })
      meta?: Meta;
    }
    class File {
      @Param()
      path!: string;

      @Param({ type: () => Folder, nullable: true })
      parent!: Folder | null;
    }
    class ListArgs {
      @Param({ type: () => Folder })
      root!: Folder;
    }
    const schema = schemaOf(ListArgs);
    expect(schema['properties']).toEqual({ root: { $ref: '#/$defs/Folder' } });
    const definitions = schema['$defs'] as Record<string, JsonSchema>;
    expect(Object.keys(definitions)).toEqual(['Folder', 'File']);
    expect(definitions['Folder']).toEqual({
      type: 'object',
      properties: {
        name: { type: 'string' },
        files: { type: 'array', items: { $ref: '#/$defs/File' } },
        meta: {
          type: 'object',
          properties: { owner: { type: 'string' } },
          required: ['owner'],
          additionalProperties: false,
        },
      },
      required: ['name', 'files'],
      additionalProperties: false,
    });
    expect(definitions['File']).toEqual({
      type: 'object',
      properties: {
        path: { type: 'string' },
        parent: { anyOf: [{ $ref: '#/$defs/Folder' }, { type: 'null' }] },
      },
      required: ['path', 'parent'],
      additionalProperties: false,
    });
    const validate = compile(schema);
    expect(validate({ root: { name: 'a', files: [{ path: 'x', parent: { name: 'b', files: [] } }] } })).toBe(
      true,
    );
    expect(validate({ root: { name: 'a', files: [{ path: 'x', parent: { name: 'b' } }] } })).toBe(false);

    // From File as the root, File is '#', Folder a definition.
    const fileSchema = schemaOf(File);
    expect(Object.keys(fileSchema['$defs'] as object)).toEqual(['Folder']);
    expect(JSON.stringify(fileSchema)).toContain('"$ref":"#"');
    compile(fileSchema);
  });

  it('gives distinct definition names to recursive classes that share a name', () => {
    const makeNode = () => {
      class Node {
        @Param()
        id!: string;

        @Param({ type: () => [Node] })
        next!: Node[];
      }
      return Node;
    };
    const First = makeNode();
    const Second = makeNode();
    class GraphArgs {
      @Param({ type: () => First })
      a!: InstanceType<typeof First>;

      @Param({ type: () => Second })
      b!: InstanceType<typeof Second>;
    }
    const schema = schemaOf(GraphArgs);
    expect(schema['properties']).toEqual({ a: { $ref: '#/$defs/Node' }, b: { $ref: '#/$defs/Node2' } });
    expect(Object.keys(schema['$defs'] as object)).toEqual(['Node', 'Node2']);
    const definitions = schema['$defs'] as Record<string, JsonSchema>;
    expect(JSON.stringify(definitions['Node2'])).toContain('"#/$defs/Node2"');
    compile(schema);
  });

  it('returns the same deeply frozen object for the same class and target', () => {
    class PingArgs {
      @Param({ description: 'Host', examples: ['example.com'] })
      host!: string;
    }
    const first = schemaOf(PingArgs);
    expect(schemaOf(PingArgs)).toBe(first);
    expect(schemaOf(PingArgs, { target: 'default' })).toBe(first);
    expect(schemaOfModel(getArgsModel(PingArgs))).toBe(first);
    const strict = schemaOf(PingArgs, { target: 'openai-strict' });
    expect(strict).not.toBe(first);
    expect(schemaOf(PingArgs, { target: 'openai-strict' })).toBe(strict);
    expect(isDeeplyFrozen(first)).toBe(true);
    expect(isDeeplyFrozen(strict)).toBe(true);
    expect(() => {
      (first as Record<string, unknown>)['type'] = 'array';
    }).toThrow(TypeError);
  });

  it('refuses an unknown target', () => {
    class PingArgs {
      @Param()
      host!: string;
    }
    expect(() => schemaOf(PingArgs, { target: 'gemini' as never })).toThrow("Unknown schema target 'gemini'");
  });

  it('describes the synthetic model of inline method parameters', () => {
    class Position {
      @Param()
      line!: number;
    }
    const model = buildInlineArgsModel('Calculator', 'add', [
      { index: 1, options: { name: 'b', description: 'Second addend' }, designType: Number },
      { index: 0, options: { name: 'a', optional: true }, designType: Number },
      { index: 2, options: { name: 'at', type: () => Position }, designType: Object },
    ]);
    const schema = schemaOfModel(model);
    expect(schema).toEqual({
      type: 'object',
      properties: {
        a: { type: 'number' },
        b: { type: 'number', description: 'Second addend' },
        at: {
          type: 'object',
          properties: { line: { type: 'number' } },
          required: ['line'],
          additionalProperties: false,
        },
      },
      required: ['b', 'at'],
      additionalProperties: false,
    });
    expect(schemaOfModel(model)).toBe(schema);
    compile(schema);
  });

  it('describes an empty model (a tool without arguments) as an empty object', () => {
    const model = buildInlineArgsModel('Tests', 'run', []);
    expect(schemaOfModel(model)).toEqual({ type: 'object', properties: {}, additionalProperties: false });
    expect(schemaOfModel(model, { target: 'openai-strict' })).toEqual({
      type: 'object',
      properties: {},
      required: [],
      additionalProperties: false,
    });
    compile(schemaOfModel(model));
  });

  it('describes NoArguments, the args class of a tool without arguments, as an empty object', () => {
    expect(schemaOf(NoArguments)).toEqual({ type: 'object', properties: {}, additionalProperties: false });
    expect(schemaOf(NoArguments)).toBe(schemaOf(NoArguments));
  });

  it('leaves out a default or example that has no JSON form instead of failing', () => {
    class LimitArgs {
      @Param({ type: () => Number, default: BigInt(5), examples: [BigInt(1)] })
      limit?: number;
    }
    expect(schemaOf(LimitArgs)['properties']).toEqual({ limit: { type: 'number' } });
    expect(schemaOf(LimitArgs, { target: 'openai-strict' })['properties']).toEqual({
      limit: { type: ['number', 'null'], description: '(default: 5; examples: 1)' },
    });
  });

  describe('reflection gaps', () => {
    function definitionError(action: () => unknown): ToolDefinitionError {
      try {
        action();
      } catch (error) {
        if (error instanceof ToolDefinitionError) return error;
        throw error;
      }
      throw new Error('expected a ToolDefinitionError');
    }

    it('names the class, the property and the fix for an array without an item thunk', () => {
      class UploadArgs {
        @Param({ description: 'Files to upload' })
        files!: string[];
      }
      const error = definitionError(() => schemaOf(UploadArgs));
      expect(error.problems).toEqual([
        expect.objectContaining({ code: 'reflection_gap', where: 'UploadArgs.files' }),
      ]);
      expect(error.message).toContain('UploadArgs.files: reflection gives Array; say the item type.');
      expect(error.message).toContain('Fix: @Param({ type: () => [Item] })');
    });

    it('names the class, the property and the fix for a union or alias that reflects as Object', () => {
      type Size = number | 'auto';
      class ResizeArgs {
        @Param()
        size!: Size;

        @Param()
        target!: string | number;
      }
      const error = definitionError(() => schemaOf(ResizeArgs, { target: 'openai-strict' }));
      expect(error.problems.map((p) => p.where)).toEqual(['ResizeArgs.size', 'ResizeArgs.target']);
      expect(error.message).toContain(
        'ResizeArgs.size: reflection gives Object (a union, alias, interface or any)',
      );
      expect(error.message).toContain('@Param({ enum: [...] }) for a union of literals');
      expect(error.message).toContain('@Param({ type: () => SomeClass }) for a nested class');
    });

    it('names the fix for a nullable property, which reflection also gives as Object', () => {
      class RenameArgs {
        @Param({ nullable: true })
        title!: string | null;
      }
      const error = definitionError(() => schemaOf(RenameArgs));
      expect(error.message).toContain('RenameArgs.title: reflection gives Object');
      expect(error.message).toContain('@Param({ type: () => String, nullable: true })');
    });

    it('reports a gap in a nested class under the nested class’s name, every time it is asked', () => {
      class Inner {
        @Param()
        value!: string | boolean;
      }
      class OuterArgs {
        @Param({ type: () => Inner })
        inner!: Inner;
      }
      expect(() => schemaOf(OuterArgs)).toThrow('Inner.value: reflection gives Object');
      expect(() => schemaOf(OuterArgs)).toThrow(ToolDefinitionError);
    });
  });
});
