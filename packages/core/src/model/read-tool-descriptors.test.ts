import 'reflect-metadata';
import { IsInt, Min } from 'class-validator';
import { Param } from '../decorators/param';
import { Tool } from '../decorators/tool';
import { NoArguments } from './no-arguments';
import { describeFunctionTool, readToolDescriptors } from './read-tool-descriptors';
import { ToolDefinitionError } from './tool-definition-error';

function problemsOf(read: () => unknown): string[] {
  try {
    read();
  } catch (error) {
    if (error instanceof ToolDefinitionError) return error.problems.map((p) => `${p.code} @ ${p.where}`);
    throw error;
  }
  throw new Error('expected a ToolDefinitionError');
}

describe('readToolDescriptors', () => {
  it('reads a class tool with an args class named in @Tool', () => {
    class Args {
      @Param({ description: 'Path' }) path!: string;
    }
    @Tool({ name: 'read_file', description: 'Read a file.', args: Args })
    class ReadFile {
      run(args: Args) {
        return args.path;
      }
    }
    const [descriptor] = readToolDescriptors(ReadFile);
    expect(descriptor).toMatchObject({
      method: 'run',
      argumentStyle: 'instance',
      contextIndex: 1,
      streaming: false,
    });
    expect(descriptor!.args!.properties.map((p) => p.name)).toEqual(['path']);
  });

  it('reads each @Tool method of a service class, taking the args class from reflection', () => {
    class ListArgs {
      @Param({ description: 'Page', integer: true }) page!: number;
    }
    class Service {
      @Tool({ name: 'list_issues', description: 'List issues.' })
      list(args: ListArgs) {
        return args.page;
      }
      @Tool({ name: 'ping', description: 'Ping.' })
      async *ping() {
        yield 'pong';
        return 'ok';
      }
    }
    const descriptors = readToolDescriptors(Service);
    expect(descriptors.map((d) => [d.options.name, d.argumentStyle, d.streaming])).toEqual([
      ['list_issues', 'instance', false],
      ['ping', 'none', true],
    ]);
  });

  it('reads inline @Param parameters in parameter order, the context last', () => {
    class Math {
      @Tool({ name: 'add', description: 'Add two numbers.' })
      add(@Param('a', { description: 'First' }) a: number, @Param('b') b: number) {
        return a + b;
      }
    }
    const [descriptor] = readToolDescriptors(Math);
    expect(descriptor).toMatchObject({
      argumentStyle: 'positional',
      positional: ['a', 'b'],
      contextIndex: 2,
    });
    expect(descriptor!.args!.properties.map((p) => [p.name, p.type.kind])).toEqual([
      ['a', 'number'],
      ['b', 'number'],
    ]);
  });

  it('refuses a tool class with neither run nor execute, naming it', () => {
    @Tool({ name: 'broken', description: 'Broken.' })
    class Broken {}
    expect(problemsOf(() => readToolDescriptors(Broken))).toEqual(['missing_run @ Broken']);
    expect(() => readToolDescriptors(Broken)).toThrow(
      /implement run\(args, ctx\) or async \*execute\(args, ctx\) in Broken/,
    );
  });

  it('collects every problem of a class at once', () => {
    class Args {
      @Param() items!: string[];
      @IsInt() @Min(1) orphan!: number;
    }
    @Tool({ name: 'bad name!', description: '', args: Args })
    class Bad {
      run() {}
    }
    expect(problemsOf(() => readToolDescriptors(Bad)).sort()).toEqual([
      'invalid_name @ Bad.run',
      'invalid_option @ Bad.run',
      'reflection_gap @ Args.items',
      'validator_without_param @ Args.orphan',
    ]);
  });

  it('asks for the args class when an undecorated run takes parameters', () => {
    @Tool({ name: 'x', description: 'X.' })
    class X {
      run(_args: unknown) {}
    }
    expect(() => readToolDescriptors(X)).toThrow(/name the args class: @Tool\(\{ name: 'x', args: SomeArgs/);
  });

  it('accepts NoArguments for a tool that needs only the context', () => {
    @Tool({ name: 'run_tests', description: 'Run the tests.', args: NoArguments })
    class RunTests {
      run(_args: NoArguments) {}
    }
    expect(readToolDescriptors(RunTests)[0]).toMatchObject({ argumentStyle: 'none', contextIndex: 1 });
  });

  it('refuses @Param on a constructor parameter', () => {
    @Tool({ name: 'c', description: 'C.', args: NoArguments })
    class C {
      constructor(@Param('x') readonly x: string) {}
      run() {}
    }
    expect(problemsOf(() => readToolDescriptors(C))).toEqual(['param_on_constructor @ C constructor']);
  });
});

describe('describeFunctionTool', () => {
  it('gives the same record as the decorated class', () => {
    class Args {
      @Param({ description: 'Path' }) path!: string;
    }
    const descriptor = describeFunctionTool(
      { name: 'read_file', description: 'Read.', args: Args },
      (args: Args) => args.path,
    );
    expect(descriptor).toMatchObject({ argumentStyle: 'instance', contextIndex: 1 });
    expect(descriptor.args!.target).toBe(Args);
  });
});
