import 'reflect-metadata';
import { ConcurrencyLimiter, DEFAULT_MAX_CONCURRENT_CALLS } from '@toolwright/core';
import { erasedTool } from './erased-tool';
import { ToolRegistry } from '../src';

// R12 and R18 (docs/reliability.md): a registry bounds its calls even when the host sets nothing.
describe('the registry runtime bounds', () => {
  it('runs at most DEFAULT_MAX_CONCURRENT_CALLS calls at once by default, across versions', async () => {
    let running = 0;
    let most = 0;
    const slow = (name: string) =>
      erasedTool({
        name,
        run: async () => {
          running += 1;
          most = Math.max(most, running);
          await new Promise((resolve) => setTimeout(resolve, 5));
          running -= 1;
          return 'ok';
        },
      });
    const tools = new ToolRegistry().tool(slow('a')).finalize();
    const first = Array.from({ length: DEFAULT_MAX_CONCURRENT_CALLS }, () => tools.call('a', '{}'));
    // A new version of the tool set shares the one bound with the calls still in flight.
    tools.batch((edit) => edit.add(slow('b')));
    const second = Array.from({ length: 50 }, () => tools.call('b', '{}'));
    const results = await Promise.all([...first, ...second]);
    expect(results.every((result) => result.ok)).toBe(true);
    expect(most).toBe(DEFAULT_MAX_CONCURRENT_CALLS);
  });

  it('takes a limiter of the host instead, and a dispatch budget', async () => {
    const tools = new ToolRegistry({
      limiter: new ConcurrencyLimiter({ maxConcurrent: 1 }),
      maxDispatches: 1,
    })
      .tool(erasedTool({ name: 'hold', run: () => new Promise((resolve) => setTimeout(resolve, 20)) }))
      .tool(erasedTool({ name: 'leaf', run: () => 'leaf' }))
      .tool(
        erasedTool({
          name: 'twice',
          run: async (_args, ctx) => [
            (await ctx.dispatch('leaf', '{}')).ok,
            (await ctx.dispatch('leaf', '{}')).ok,
          ],
        }),
      )
      .finalize();
    const held = tools.call('hold', '{}');
    const refused = await tools.call('hold', '{}');
    expect(!refused.ok && refused.error.kind).toBe('concurrency_limited');
    await held;
    const twice = await tools.call('twice', '{}');
    expect(twice.ok && twice.value).toEqual([true, false]);
  });
});

describe('registry call interceptors', () => {
  it('wrap the calls of every version of the tool set, dispatched ones included', async () => {
    const seen: string[] = [];
    const tools = new ToolRegistry({
      interceptors: [{ beforeDecode: (call) => void seen.push(`${call.toolName}@${call.depth}`) }],
    })
      .tool(erasedTool({ name: 'leaf', run: () => 'leaf' }))
      .tool(erasedTool({ name: 'outer', run: async (_args, ctx) => (await ctx.dispatch('leaf', '{}')).ok }))
      .finalize();
    await tools.call('outer', '{}');
    tools.batch((edit) => edit.add(erasedTool({ name: 'later', run: () => 'later' })));
    await tools.call('later', '{}');
    expect(seen).toEqual(['outer@0', 'leaf@1', 'later@0']);
  });
});
