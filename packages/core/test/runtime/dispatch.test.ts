import { ToolSet } from '../../src/toolset/tool-set';
import type { ToolResult } from '../../src/result/tool-result';
import { errorOf, eventually, never, sleep, testTool } from './test-tool';

describe('tools calling tools', () => {
  it('dispatches through the same set with the host values of the outer call', async () => {
    const tools = new ToolSet()
      .add(testTool('whoami', (_args, ctx) => ({ depth: ctx.depth, tool: ctx.toolName })))
      .add(testTool('outer', async (_args, ctx) => (await ctx.dispatch('whoami', '{}')).content));
    const result = await tools.call('outer', '{}');
    expect(result.ok && result.value).toEqual([{ type: 'text', text: '{"depth":1,"tool":"whoami"}' }]);
  });

  it('limits the depth of nested calls', async () => {
    const depths: number[] = [];
    const tools = new ToolSet({ maxDepth: 3 }).add(
      testTool('recurse', async (_args, ctx) => {
        depths.push(ctx.depth);
        const inner = await ctx.dispatch('recurse', '{}');
        return inner.ok ? inner.value : inner.content;
      }),
    );
    const result = await tools.call('recurse', '{}');
    expect(depths).toEqual([0, 1, 2, 3]);
    expect(result.ok && result.value).toEqual([
      {
        type: 'text',
        text: 'recurse cannot call recurse: tools may call other tools at most 3 levels deep. Finish the task without calling recurse from here.',
      },
    ]);
  });

  it('cancels the inner call when the outer call is cancelled', async () => {
    const controller = new AbortController();
    let innerSignal: AbortSignal | undefined;
    let innerResult: ToolResult | undefined;
    const tools = new ToolSet()
      .add(
        testTool('inner', (_args, ctx) => {
          innerSignal = ctx.signal;
          return never();
        }),
      )
      .add(
        testTool('outer', async (_args, ctx) => {
          innerResult = await ctx.dispatch('inner', '{}');
          return innerResult;
        }),
      );
    const pending = tools.call('outer', '{}', { signal: controller.signal });
    await eventually(() => innerSignal !== undefined);
    controller.abort();
    expect(errorOf(await pending).kind).toBe('cancelled');
    await eventually(() => innerResult !== undefined);
    expect(innerSignal?.aborted).toBe(true);
    expect(errorOf(innerResult!).kind).toBe('cancelled');
  });

  it('cancels the inner call when the outer call times out', async () => {
    let innerSignal: AbortSignal | undefined;
    const tools = new ToolSet()
      .add(
        testTool('inner', (_args, ctx) => {
          innerSignal = ctx.signal;
          return never();
        }),
      )
      .add(
        testTool('outer', (_args, ctx) => ctx.dispatch('inner', '{}'), {
          limits: { timeoutMs: 30, graceMs: 30 },
        }),
      );
    expect(errorOf(await tools.call('outer', '{}')).kind).toBe('timeout');
    await sleep(5);
    expect(innerSignal?.aborted).toBe(true);
  });

  it('reports an unknown inner tool to the calling tool as not_found', async () => {
    const tools = new ToolSet()
      .add(
        testTool('outer', async (_args, ctx) => {
          const inner = await ctx.dispatch('grpe', '{}');
          return inner.content;
        }),
      )
      .add(testTool('grep', () => []));
    const result = await tools.call('outer', '{}');
    expect(result.ok && result.value).toEqual([
      { type: 'text', text: "Unknown tool 'grpe'. Did you mean 'grep'? Available: outer, grep." },
    ]);
  });
});
