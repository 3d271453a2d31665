import 'reflect-metadata';
import {
  createCallContext,
  drainToTerminal,
  Param,
  Tool,
  type OutputMismatch,
  type OutputValidationMode,
  type ToolResult,
} from '@toolwright/core';
import { ToolRegistry, type ToolRegistryOptions } from '@toolwright/registry';

function registry(options: ToolRegistryOptions = {}, toolMode?: OutputValidationMode) {
  class CountOutput {
    @Param({ integer: true, minimum: 0 })
    count!: number;
  }
  class Counter {
    @Tool({
      name: 'count',
      description: 'Counts.',
      output: CountOutput,
      ...(toolMode === undefined ? {} : { outputValidation: toolMode }),
    })
    count(): CountOutput {
      return { count: -5 };
    }

    @Tool({ name: 'plain', description: 'No declared output.' })
    plain(): unknown {
      return { count: -5 };
    }
  }
  return new ToolRegistry(options).tool(Counter);
}

function kindOf(result: ToolResult): string {
  return result.ok ? 'ok' : result.error.kind;
}

describe('output validation through the registry handle', () => {
  it('is strict by default, for calls and streams alike', async () => {
    const handle = registry().finalize();
    expect(kindOf(await handle.call('count', {}))).toBe('invalid_output');
    const streamed = await drainToTerminal(
      handle.snapshot().execute('count', {}, createCallContext({ toolName: 'count' })),
    );
    expect(kindOf(streamed)).toBe('invalid_output');
  });

  it('leaves a tool without a declared output alone', async () => {
    expect(kindOf(await registry().finalize().call('plain', {}))).toBe('ok');
  });

  it('follows the registry mode, and the tool mode over it', async () => {
    const heard: OutputMismatch[] = [];
    const warned = registry({ outputValidation: 'warn', onOutputMismatch: (m) => heard.push(m) }).finalize();
    expect(kindOf(await warned.call('count', {}))).toBe('ok');
    expect(heard.map((m) => `${m.tool} ${m.mode} ${m.issues[0]?.path}`)).toEqual(['count warn count']);
    expect(kindOf(await registry({ outputValidation: 'off' }).finalize().call('count', {}))).toBe('ok');
    expect(kindOf(await registry({ outputValidation: 'off' }, 'strict').finalize().call('count', {}))).toBe(
      'invalid_output',
    );
    expect(kindOf(await registry({}, 'off').finalize().call('count', {}))).toBe('ok');
  });

  it('holds for guarded tools too', async () => {
    const guarded = (options: ToolRegistryOptions) =>
      registry(options)
        .guard(() => ({ allow: true }))
        .finalize();
    expect(kindOf(await guarded({}).call('count', {}))).toBe('invalid_output');
    expect(kindOf(await guarded({ outputValidation: 'off' }).call('count', {}))).toBe('ok');
  });

  it('refuses an unknown mode when the registry is made', () => {
    expect(() => new ToolRegistry({ outputValidation: 'lenient' as never })).toThrow(
      `Unknown output validation mode "lenient"; use 'strict', 'warn' or 'off'.`,
    );
  });
});
