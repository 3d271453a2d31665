import 'reflect-metadata';
import { Param, Tool } from '@toolwright/core';
import { FinalizeError, ToolRegistry } from '../src';

describe('finalize() without decorator metadata (tsx, esbuild, emitDecoratorMetadata off)', () => {
  it('lists every gap and names the likely cause once, after the problems', () => {
    // What esbuild emits: the decorators run, but no design:type is recorded.
    class GreetArgs {
      name!: string;
      times!: number;
    }
    Param({ description: 'Who' })(GreetArgs.prototype, 'name');
    Param({ description: 'How often' })(GreetArgs.prototype, 'times');
    class Greet {
      run(args: GreetArgs): string {
        return args.name;
      }
    }
    Tool({ name: 'greet', description: 'Greet.', args: GreetArgs })(Greet);
    let error: unknown;
    try {
      new ToolRegistry().tool(Greet).finalize();
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(FinalizeError);
    const { message, problems } = error as FinalizeError;
    expect(problems.map((problem) => problem.message)).toEqual([
      'GreetArgs.name (used by greet): reflection gives undefined (is emitDecoratorMetadata on?); say the type.',
      'GreetArgs.times (used by greet): reflection gives undefined (is emitDecoratorMetadata on?); say the type.',
    ]);
    const note = message.slice(message.indexOf('Decorator metadata looks missing')).replace(/\n/g, ' ');
    expect(note).toContain(
      'reflection gives undefined for 2 places (GreetArgs.name (used by greet), GreetArgs.times (used by greet)).',
    );
    expect(note).toContain('esbuild, tsx, Vite/Vitest, Bun, Babel and swc');
    expect(note).toContain('"emitDecoratorMetadata": true');
  });
});
