import 'reflect-metadata';
import { compileModel } from '../../src/decode/compile-model';
import { DECODES_BEFORE_GENERATING } from '../../src/decode/code-generation';
import { DecodeAccelerator } from '../../src/decode/decode-accelerator';
import { Param } from '../../src/decorators/param';
import { Tool } from '../../src/decorators/tool';
import { eraseTool } from '../../src/erase/erase-tool';
import { getArgsModel } from '../../src/model/build-args-model';
import { createCallContext } from '../../src/context/create-call-context';
import { drainToTerminal } from '../../src/stream/drain-to-terminal';
import { ToolSet } from '../../src/toolset/tool-set';

// A tool with an args class of its own on each call, so each test sees a class that never got hot.
function newTool(name: string) {
  class Args {
    @Param({ description: 'Path', minLength: 1 })
    path!: string;
  }
  @Tool({ name, description: 'Echoes its path.', args: Args })
  class Echo {
    run(args: Args): string {
      return args.path;
    }
  }
  return {
    tool: eraseTool(new Echo()),
    generated: () => compileModel(getArgsModel(Args)).implementation.generated,
  };
}

describe('the decoding accelerator of a ToolSet', () => {
  it('gives a hot tool generated code from its set’s budget', async () => {
    const accelerator = new DecodeAccelerator({ maxGeneratedClasses: 1 });
    const first = newTool('first');
    const second = newTool('second');
    const tools = new ToolSet({ accelerator }).add(first.tool).add(second.tool);
    for (let i = 0; i < DECODES_BEFORE_GENERATING; i++) {
      expect(await tools.call('first', '{"path":"a"}')).toMatchObject({ ok: true, value: 'a' });
    }
    expect(first.generated()).toBe(true);
    expect(accelerator.generatedClasses).toBe(1);
    // The budget is spent: the second hot tool keeps the closures, with the same results.
    const ctx = () => createCallContext({ toolName: 'second' });
    for (let i = 0; i < DECODES_BEFORE_GENERATING + 1; i++) {
      const result = await drainToTerminal(tools.execute('second', '{"path":"b"}', ctx()));
      expect(result).toMatchObject({ ok: true, value: 'b' });
    }
    expect(second.generated()).toBe(false);
    expect(await tools.call('second', '{"path":""}')).toMatchObject({
      ok: false,
      error: { kind: 'invalid_arguments' },
    });
  });

  it('is the set’s own: another set’s spent budget does not hold a tool back', async () => {
    const spent = new ToolSet({ accelerator: new DecodeAccelerator({ maxGeneratedClasses: 0 }) });
    const held = newTool('held');
    spent.add(held.tool);
    for (let i = 0; i < DECODES_BEFORE_GENERATING + 1; i++) await spent.call('held', '{"path":"a"}');
    expect(held.generated()).toBe(false);
    const fresh = newTool('fresh');
    const tools = new ToolSet().add(fresh.tool);
    for (let i = 0; i < DECODES_BEFORE_GENERATING; i++) await tools.call('fresh', '{"path":"a"}');
    expect(fresh.generated()).toBe(true);
  });

  it('rejects an accelerator that is not one', () => {
    expect(() => new ToolSet({ accelerator: {} as DecodeAccelerator })).toThrow(
      'ToolSet: accelerator must be a DecodeAccelerator.',
    );
  });
});
