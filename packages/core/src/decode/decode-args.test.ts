import 'reflect-metadata';
import { Expose, Transform } from 'class-transformer';
import {
  IsNotEmpty,
  IsOptional,
  IsString,
  Validate,
  ValidatorConstraint,
  type ValidatorConstraintInterface,
} from 'class-validator';
import { Param } from '../decorators/param';
import { ToolError } from '../errors/tool-error';
import { ToolDefinitionError } from '../model/tool-definition-error';
import { decodeArgs } from './decode-args';

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );
}

describe('decodeArgs', () => {
  it('resolves to an instance of the args class, field initializers included', async () => {
    class SearchArgs {
      @Param({ description: 'Query', minLength: 1 })
      query!: string;

      @Param({ description: 'Limit', optional: true, integer: true })
      limit?: number = 50;

      scratch = 'not an argument';
    }
    const args = await decodeArgs(SearchArgs, '{"query":"todo"}');
    expect(args).toBeInstanceOf(SearchArgs);
    expect(args).toEqual(Object.assign(new SearchArgs(), { query: 'todo', limit: 50 }));
    expect((await decodeArgs(SearchArgs, { query: 'x', limit: 3 })).limit).toBe(3);
  });

  it('rejects with an invalid_arguments ToolError', async () => {
    class Args {
      @Param({ description: 'Count', integer: true })
      count!: number;
    }
    const error = await rejectionOf(decodeArgs(Args, '{"count":"ten"}'));
    expect(error).toBeInstanceOf(ToolError);
    expect(error).toMatchObject({
      kind: 'invalid_arguments',
      issues: [{ path: 'count', expected: 'an integer', received: '"ten"' }],
    });
  });

  it('rejects with the ToolDefinitionError of a class that cannot describe arguments', async () => {
    class Broken {
      @Param({ description: 'Items' })
      items!: string[];
    }
    expect(await rejectionOf(decodeArgs(Broken, '{}'))).toBeInstanceOf(ToolDefinitionError);
  });

  it('gives every instance its own copy of an object default', async () => {
    class Args {
      @Param({ description: 'Tags', type: () => [String], default: ['a'] })
      tags!: string[];
    }
    const first = await decodeArgs(Args, '{}');
    first.tags.push('mutated');
    expect((await decodeArgs(Args, '{}')).tags).toEqual(['a']);
    expect((await decodeArgs(Args, '{"tags":null}')).tags).toEqual(['a']);
  });

  it('decodes arrays of arrays and nested classes into instances', async () => {
    class Point {
      @Param({ description: 'x' })
      x!: number;
    }
    class Shape {
      @Param({ description: 'Matrix', type: () => [[Number]], integer: true, minimum: 0 })
      matrix!: number[][];

      @Param({ description: 'Origin', type: () => Point })
      origin!: Point;

      @Param({ description: 'Path', type: () => [Point], uniqueItems: true, optional: true })
      path?: Point[];
    }
    const shape = await decodeArgs(Shape, '{"matrix":[[1,"2"],[]],"origin":{"x":0.5}}');
    expect(shape.matrix).toEqual([[1, 2], []]);
    expect(shape.origin).toBeInstanceOf(Point);
    const error = (await rejectionOf(
      decodeArgs(Shape, '{"matrix":[[1,-1]],"origin":{"x":1},"path":[{"x":1},{"x":2},{"x":1.0}]}'),
    )) as ToolError;
    expect(error.issues).toEqual([
      { path: 'matrix[0][1]', expected: 'an integer >= 0', received: '-1' },
      {
        path: 'path',
        expected: 'an array of objects, all different',
        received: 'an array of 3 items',
        message: 'items 0 and 2 are equal',
      },
    ]);
  });

  it('hands classes with class-transformer decorators to plainToInstance, after the structural checks', async () => {
    class Args {
      @Param({ name: 'file_path', description: 'Path', minLength: 1 })
      @Expose({ name: 'file_path' })
      filePath!: string;

      @Param({ description: 'Pattern' })
      @Transform(({ value }: { value: string }) => value.trim())
      pattern!: string;
    }
    const args = await decodeArgs(Args, '{"file_path":"a.ts","pattern":"  x  "}');
    expect(args).toBeInstanceOf(Args);
    expect({ ...args }).toEqual({ filePath: 'a.ts', pattern: 'x' });
    const error = (await rejectionOf(decodeArgs(Args, '{"filePath":"a.ts","pattern":1}'))) as ToolError;
    expect(error.issues?.map((i) => i.path)).toEqual(['filePath', 'pattern', 'file_path']);
  });

  it('runs residual class-validator validators and reports them at their path', async () => {
    @ValidatorConstraint({ name: 'noTabs' })
    class NoTabs implements ValidatorConstraintInterface {
      validate(value: unknown): boolean {
        return typeof value === 'string' && !value.includes('\t');
      }
      defaultMessage(): string {
        return 'tabs are not allowed';
      }
    }
    class Edit {
      @Param({ description: 'Text' })
      @IsString()
      @Validate(NoTabs)
      text!: string;

      @Param({ description: 'Note', optional: true })
      @IsOptional()
      @IsNotEmpty()
      note?: string;
    }
    class Args {
      @Param({ description: 'Edits', type: () => [Edit] })
      edits!: Edit[];
    }
    const error = (await rejectionOf(
      decodeArgs(Args, '{"edits":[{"text":"ok"},{"text":"a\\tb","note":""}]}'),
    )) as ToolError;
    expect(error.issues).toEqual([
      {
        path: 'edits[1].text',
        expected: 'a string that passes noTabs',
        received: '"a\\tb"',
        message: 'tabs are not allowed',
      },
      {
        path: 'edits[1].note',
        expected: 'a string that passes isNotEmpty',
        received: '"" (empty string)',
        message: 'note should not be empty',
      },
    ]);
    const args = await decodeArgs(Args, '{"edits":[{"text":"ok","note":null}]}');
    expect(args.edits[0]).toBeInstanceOf(Edit);
  });

  it('takes limits per call', async () => {
    class Args {
      @Param({ description: 'Text' })
      text!: string;
    }
    const error = (await rejectionOf(
      decodeArgs(Args, '{"text":"0123456789"}', { maxBytes: 8, toolName: 'echo' }),
    )) as ToolError;
    expect(error.kind).toBe('payload_too_large');
    expect(error.toolName).toBe('echo');
  });
});
