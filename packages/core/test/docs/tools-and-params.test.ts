import 'reflect-metadata';
import { ArrayMaxSize, IsEmail, IsInt, Max, Min } from 'class-validator';
import {
  commaSeparated,
  decodeArgs,
  jsonString,
  NoArguments,
  numericString,
  Param,
  Tool,
  ToolDefinitionError,
  ToolSet,
  defineTool,
  eraseTool,
  eraseTools,
  schemaOf,
  type LenientDecoder,
  type ToolCallContext,
} from '@toolwright/core';

describe('tools and params', () => {
  it('writes one tool five ways with one runtime form', async () => {
    // #region five-ways
    class AddArgs {
      @Param({ integer: true }) a!: number;
      @Param({ integer: true }) b!: number;
    }

    // 1. A decorated class with an args class.
    @Tool({ name: 'add', description: 'Add two integers.', args: AddArgs })
    class Add {
      run(args: AddArgs) {
        return args.a + args.b;
      }
    }

    // 2. A service class: each @Tool method is a tool, sharing the instance.
    class Arithmetic {
      @Tool({ name: 'add', description: 'Add two integers.' })
      add(args: AddArgs) {
        return args.a + args.b;
      }
    }

    // 3. Inline parameters, named explicitly (parameter names do not survive compilation).
    class Inline {
      @Tool({ name: 'add', description: 'Add two integers.' })
      add(@Param('a', { integer: true }) a: number, @Param('b', { integer: true }) b: number) {
        return a + b;
      }
    }

    // 4. A function, with the same record as @Tool.
    const add = defineTool(
      { name: 'add', description: 'Add two integers.', args: AddArgs },
      (args: AddArgs) => args.a + args.b,
    );

    // 5. dynamicTool({ name, description, parameters, run }) takes a raw JSON Schema (see MCP imports).

    const erased = [
      eraseTool(new Add()),
      ...eraseTools(new Arithmetic()),
      eraseTool(new Inline()),
      eraseTool(add),
    ];
    // #endregion
    const schemas = erased.map((tool) => tool.definition.inputSchema);
    for (const schema of schemas) expect(schema).toEqual(schemas[0]);
    for (const tool of erased) {
      const result = await new ToolSet().add(tool).call('add', '{"a":2,"b":"40"}');
      expect(result.ok && result.value).toBe(42);
    }
  });

  it('honours class-validator decorators in the schema and the decoder', async () => {
    // #region class-validator
    class InviteArgs {
      @Param({ description: 'Who to invite' })
      @IsEmail()
      email!: string;

      @Param({ description: 'Seats to reserve' })
      @IsInt()
      @Min(1)
      @Max(8)
      seats!: number;

      @Param({ type: () => [String], optional: true, description: 'Tags' })
      @ArrayMaxSize(3)
      tags?: string[];
    }
    // #endregion
    expect(schemaOf(InviteArgs)).toEqual({
      type: 'object',
      properties: {
        email: { type: 'string', description: 'Who to invite', format: 'email' },
        seats: { type: 'integer', description: 'Seats to reserve', minimum: 1, maximum: 8 },
        tags: { type: 'array', description: 'Tags', items: { type: 'string' }, maxItems: 3 },
      },
      required: ['email', 'seats'],
      additionalProperties: false,
    });
    @Tool({ name: 'invite', description: 'Invite someone.', args: InviteArgs })
    class Invite {
      run(args: InviteArgs) {
        return `${args.email} x${args.seats}`;
      }
    }
    const tools = new ToolSet().add(eraseTool(new Invite()));
    const bad = await tools.call('invite', '{"email":"not-an-email","seats":9}');
    expect(bad.ok).toBe(false);
    expect(bad.content[0]).toMatchObject({ type: 'text' });
    expect(!bad.ok && bad.error.issues?.map((issue) => issue.path)).toEqual(['email', 'seats']);
  });

  it('asks for a thunk where reflection is blind', () => {
    // #region thunks
    class EditOp {
      @Param({ description: 'Text to find' }) old_string!: string;
      @Param({ description: 'Replacement' }) new_string!: string;
    }

    class EditArgs {
      @Param({ description: 'File to edit' }) path!: string;

      // Reflection sees only `Array`: name the item type with a thunk.
      @Param({ type: () => [EditOp], minItems: 1, description: 'Edits, applied in order' })
      edits!: EditOp[];
    }

    class BrokenArgs {
      @Param({ description: 'Edits' }) edits!: EditOp[];
    }
    // schemaOf(BrokenArgs) throws ToolDefinitionError:
    //   - BrokenArgs.edits: reflection gives Array; say the item type.
    //     Fix: @Param({ type: () => [Item] }) — e.g. () => [String], () => [Number] or () => [SomeArgsClass].
    // #endregion
    expect(schemaOf(EditArgs)['properties']).toMatchObject({
      edits: {
        type: 'array',
        minItems: 1,
        items: { type: 'object', required: ['old_string', 'new_string'] },
      },
    });
    expect(() => schemaOf(BrokenArgs)).toThrow(ToolDefinitionError);
    expect(() => schemaOf(BrokenArgs)).toThrow(
      'BrokenArgs.edits: reflection gives Array; say the item type.',
    );
  });

  it('declares lenient decoding per param', async () => {
    // #region lenient
    class Range {
      @Param({ integer: true, minimum: 1 }) start!: number;
      @Param({ integer: true, minimum: 1 }) end!: number;
    }

    class SearchArgs {
      @Param({ type: () => [String], maxItems: 5, lenient: commaSeparated(), description: 'Globs' })
      globs!: string[]; // also takes "src/**, test/**"

      @Param({ optional: true, minimum: 0, maximum: 1, lenient: numericString(), description: 'Score' })
      threshold?: number; // also takes "0.5", never "half" or "1e0"

      @Param({ type: () => Range, optional: true, lenient: jsonString(), description: 'Lines' })
      lines?: Range; // also takes "{\"start\": 1, \"end\": 9}"
    }

    const read = await decodeArgs(
      SearchArgs,
      '{"globs":"src/**, test/**","threshold":"0.5","lines":"{\\"start\\":1,\\"end\\":9}"}',
    ); // { globs: ['src/**', 'test/**'], threshold: 0.5, lines: Range { start: 1, end: 9 } }
    const refused = decodeArgs(SearchArgs, '{"globs":"a,b,c,d,e,f"}');
    // rejects: globs: expected an array of at most 5 strings — the declared rule still holds

    // A custom one: narrow, and only ever offered a value of another JSON type than the schema's.
    const yesNo: LenientDecoder = {
      name: 'yesNo',
      widens: 'a boolean',
      supports: (type) => type.kind === 'boolean',
      read: (value) => (value === 'yes' ? { value: true } : value === 'no' ? { value: false } : undefined),
    };
    // #endregion
    const decoded = read;
    expect(decoded).toEqual({ globs: ['src/**', 'test/**'], threshold: 0.5, lines: { start: 1, end: 9 } });
    expect(decoded.lines).toBeInstanceOf(Range);
    await expect(refused).rejects.toThrow('expected an array of at most 5 strings');
    await expect(decodeArgs(SearchArgs, '{"globs":[],"threshold":"half"}')).rejects.toThrow('threshold');
    class ConfirmArgs {
      @Param({ lenient: yesNo }) confirm!: boolean;
    }
    expect(await decodeArgs(ConfirmArgs, { confirm: 'yes' })).toEqual({ confirm: true });
    expect(schemaOf(SearchArgs)['properties']).toMatchObject({
      globs: { type: 'array', items: { type: 'string' }, maxItems: 5 },
      threshold: { type: 'number' },
    });
  });

  it('gives an OpenAI strict-mode variant', () => {
    // #region strict
    class SearchArgs {
      @Param({ description: 'Regular expression' }) pattern!: string;
      @Param({ description: 'Result cap', optional: true, integer: true, minimum: 1 }) limit?: number;
    }
    const strict = schemaOf(SearchArgs, { target: 'openai-strict' });
    // every property required, optional ones nullable, additionalProperties: false everywhere:
    // { type: 'object', properties: { pattern: { type: 'string', … },
    //   limit: { type: ['integer', 'null'], minimum: 1, … } }, required: ['pattern', 'limit'], … }
    // #endregion
    expect(strict['required']).toEqual(['pattern', 'limit']);
    expect((strict['properties'] as Record<string, { type: unknown }>)['limit']!.type).toEqual([
      'integer',
      'null',
    ]);
    expect(strict['additionalProperties']).toBe(false);
  });

  it('streams progress from a generator tool and takes the context', async () => {
    // #region no-arguments
    @Tool({ name: 'run_tests', description: 'Run the test suite.', args: NoArguments })
    class RunTests {
      async *execute(_args: NoArguments, ctx: ToolCallContext) {
        for (const suite of ['core', 'registry']) {
          if (ctx.signal.aborted) break;
          yield `running ${suite}`;
        }
        return 'all passed';
      }
    }
    // #endregion
    const seen: string[] = [];
    const result = await new ToolSet().add(eraseTool(new RunTests())).call('run_tests', '', {
      onProgress: (item) => item.kind === 'text' && seen.push(item.text),
    });
    expect(seen).toEqual(['running core', 'running registry']);
    expect(result.ok && result.value).toBe('all passed');
  });
});
