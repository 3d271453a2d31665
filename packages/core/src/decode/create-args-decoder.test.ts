import 'reflect-metadata';
import { Transform } from 'class-transformer';
import { IsInt, Validate, ValidatorConstraint, type ValidatorConstraintInterface } from 'class-validator';
import { Param } from '../decorators/param';
import { ToolError } from '../errors/tool-error';
import { buildInlineArgsModel, getArgsModel } from '../model/build-args-model';
import { NoArguments } from '../model/no-arguments';
import { createArgsDecoder } from './create-args-decoder';

function readFileArgs() {
  class ReadFileArgs {
    @Param({ description: 'Path', minLength: 1 })
    path!: string;

    @Param({ description: 'First line', optional: true, integer: true, minimum: 1 })
    offset?: number;
  }
  return ReadFileArgs;
}

describe('createArgsDecoder', () => {
  it('decodes synchronously, returning the instance or a ToolError, never throwing', () => {
    const ReadFileArgs = readFileArgs();
    const decode = createArgsDecoder<InstanceType<typeof ReadFileArgs>>(getArgsModel(ReadFileArgs), {
      toolName: 'read_file',
    });
    const args = decode('{"path":"a.ts","offset":"3"}');
    expect(args).toBeInstanceOf(ReadFileArgs);
    expect(args).toEqual(Object.assign(new ReadFileArgs(), { path: 'a.ts', offset: 3 }));
    const error = decode('{"path":""}');
    expect(error).toBeInstanceOf(ToolError);
    expect((error as ToolError).modelText).toBe(
      'Invalid arguments for read_file:\n  - path: expected a string of at least 1 character, received "" (empty string)\nFix these and call read_file again.',
    );
    for (const raw of [undefined, null, 5, 'x', '{', [], () => 1, Symbol('s'), 10n])
      expect(() => decode(raw)).not.toThrow();
  });

  it('gives its errors a stack of the header alone, restoring Error.stackTraceLimit', () => {
    const ReadFileArgs = readFileArgs();
    const decode = createArgsDecoder(getArgsModel(ReadFileArgs), { toolName: 'read_file', maxBytes: 16 });
    const limit = Error.stackTraceLimit;
    for (const raw of ['{"path":""}', `{"path":"${'x'.repeat(20)}"}`]) {
      const error = decode(raw) as ToolError;
      expect(error.stack).toBe(`ToolError: ${error.message}`);
      expect(Error.stackTraceLimit).toBe(limit);
    }
  });

  it('reads undefined arguments as {}', () => {
    const decode = createArgsDecoder(getArgsModel(NoArguments));
    expect(decode(undefined)).toBeInstanceOf(NoArguments);
    expect(decode('')).toBeInstanceOf(NoArguments);
    expect(decode('{"x":1}')).toBeInstanceOf(ToolError);
  });

  it('decodes the synthetic model of inline method parameters', () => {
    const model = buildInlineArgsModel('Calculator', 'add', [
      { index: 0, options: { name: 'a', description: 'First' }, designType: Number },
      { index: 1, options: { name: 'b', description: 'Second', integer: true }, designType: Number },
    ]);
    const decode = createArgsDecoder<Record<string, unknown>>(model);
    expect({ ...(decode('{"a":1.5,"b":"2"}') as object) }).toEqual({ a: 1.5, b: 2 });
    expect((decode('{"a":1}') as ToolError).issues?.[0]?.path).toBe('b');
  });

  it('lists at most 20 problems and says how many more there are', () => {
    const decode = createArgsDecoder(getArgsModel(readFileArgs()), { toolName: 'read_file' });
    const raw = `{"path":"a",${Array.from({ length: 25 }, (_, i) => `"x${i}":1`).join(',')}}`;
    const error = decode(raw) as ToolError;
    expect(error.issues).toHaveLength(20);
    expect(error.modelText.split('\n').slice(-2)).toEqual([
      '  - … and 5 more problems',
      'Fix these and call read_file again.',
    ]);
  });

  it('rethrows what author code throws (a constructor, a transform), as thrown', () => {
    const failure = new Error('constructor failed');
    class Exploding {
      @Param({ description: 'Name' })
      name!: string;

      constructor() {
        throw failure;
      }
    }
    const decode = createArgsDecoder(getArgsModel(Exploding));
    expect(() => decode('{"name":"a"}')).toThrow(failure);
    expect(() => decode({ name: 'a' })).toThrow(failure);

    class Transformed {
      @Param({ description: 'Name' })
      @Transform(() => {
        throw new RangeError('transform failed');
      })
      name!: string;
    }
    expect(() => createArgsDecoder(getArgsModel(Transformed))('{"name":"a"}')).toThrow(RangeError);
  });

  it('never runs author code on input that fails the structural checks', () => {
    const seen: unknown[] = [];
    class Watched {
      @Param({ description: 'Count', integer: true })
      @Transform(({ value }: { value: unknown }) => {
        seen.push(value);
        return value;
      })
      count!: number;
    }
    const decode = createArgsDecoder(getArgsModel(Watched));
    expect(decode('{"count":"ten","__proto__":{"x":1}}')).toBeInstanceOf(ToolError);
    expect(seen).toEqual([]);
    expect(decode('{"count":"7"}')).toEqual(Object.assign(new Watched(), { count: 7 }));
    expect(seen).toEqual([7]);
  });

  it('returns a promise only when a residual class-validator validator is async', async () => {
    @ValidatorConstraint({ name: 'isFreeName', async: true })
    class IsFreeName implements ValidatorConstraintInterface {
      async validate(value: unknown): Promise<boolean> {
        await Promise.resolve();
        return value !== 'taken';
      }
    }
    class Signup {
      @Param({ description: 'Name' })
      @Validate(IsFreeName)
      name!: string;
    }
    const decode = createArgsDecoder(getArgsModel(Signup), { toolName: 'signup' });
    expect(decode.isAsync).toBe(true);
    const pending = decode('{"name":"taken"}');
    expect(pending).toBeInstanceOf(Promise);
    const error = (await pending) as ToolError;
    expect(error.issues).toEqual([
      { path: 'name', expected: 'a string that passes isFreeName', received: '"taken"' },
    ]);
    await expect(decode('{"name":"free"}')).resolves.toBeInstanceOf(Signup);
    // Structural problems are found without waiting for class-validator.
    expect(decode('{"name":1}')).toBeInstanceOf(ToolError);

    class Plain {
      @Param({ description: 'Count' })
      @IsInt()
      count!: number;
    }
    const sync = createArgsDecoder(getArgsModel(Plain));
    expect(sync.isAsync).toBe(false);
    expect(sync('{"count":1}')).toBeInstanceOf(Plain);
  });
});
