import 'reflect-metadata';
import { createToken, NoArguments, Tool, type ToolCallContext } from '@toolwright/core';
import { Params, State } from '@toolwright/resources';
import { IsInt, Min } from 'class-validator';
import { inject } from 'inversify';
import { FinalizeError, ToolRegistry } from '../src';

function counterTools() {
  class Counter {
    @IsInt() @Min(0) value = 0;
  }
  class Limits {
    @IsInt() @Min(1) max = 10;
  }
  @Tool({ name: 'increment', description: 'Add one to the counter.' })
  class Increment {
    constructor(
      @inject(State.of(Counter)) private readonly counter: State<Counter>,
      @inject(Params.of(Limits)) private readonly limits: Params<Limits>,
      @inject(State.of(Limits)) private readonly used: State<Limits>,
    ) {}

    async run(): Promise<{ value: number; max: number; used: number }> {
      const next = await this.counter.update(async (current) => {
        // Yield inside the update, so concurrent calls interleave here if anything could.
        await new Promise((resolve) => setImmediate(resolve));
        return { value: current.value + 1 };
      });
      return { value: next.value, max: this.limits.max, used: this.used.get().max };
    }
  }
  return { Counter, Limits, Increment };
}

describe('resources through the registry', () => {
  it('keeps Params and State of the same class apart', async () => {
    const { Counter, Limits, Increment } = counterTools();
    const tools = new ToolRegistry()
      .params(Limits, { max: 3 })
      .state(Limits, { max: 7 })
      .state(Counter, { value: 0 })
      .tool(Increment)
      .finalize();
    expect(await tools.call('increment', {})).toMatchObject({
      ok: true,
      value: { value: 1, max: 3, used: 7 },
    });
  });

  it('loses no update when calls update one State concurrently (F10)', async () => {
    const { Counter, Limits, Increment } = counterTools();
    const tools = new ToolRegistry()
      .params(Limits, {})
      .state(Limits, {})
      .state(Counter, { value: 0 })
      .tool(Increment)
      .finalize();
    const results = await Promise.all(Array.from({ length: 100 }, () => tools.call('increment', {})));
    expect(results.every((result) => result.ok)).toBe(true);
    expect(tools.resources.snapshot().state['Counter']).toEqual({ value: 100 });
  });

  it('shares nothing between registries, or between two finalizes of one registry', async () => {
    const { Counter, Limits, Increment } = counterTools();
    const registry = new ToolRegistry()
      .params(Limits, {})
      .state(Limits, {})
      .state(Counter, {})
      .tool(Increment);
    const first = registry.finalize();
    const second = registry.finalize();
    const other = new ToolRegistry()
      .params(Limits, {})
      .state(Limits, {})
      .state(Counter, {})
      .tool(Increment)
      .finalize();
    await first.call('increment', {});
    await first.call('increment', {});
    expect(await second.call('increment', {})).toMatchObject({ ok: true, value: { value: 1 } });
    expect(await other.call('increment', {})).toMatchObject({ ok: true, value: { value: 1 } });
    expect(first.get('increment')!.erased).not.toBe(second.get('increment')!.erased);
  });

  it('round-trips Params and State through snapshot and restore', async () => {
    const { Counter, Limits, Increment } = counterTools();
    const build = () =>
      new ToolRegistry().params(Limits, { max: 2 }).state(Limits, {}).state(Counter, {}).tool(Increment);
    const session = build().finalize();
    await session.call('increment', {});
    await session.call('increment', {});
    const saved = JSON.parse(JSON.stringify(session.resources.snapshot()));
    expect(saved).toEqual({
      version: 1,
      params: { Limits: { max: 2 } },
      state: { Counter: { value: 2 }, Limits: { max: 10 } },
    });

    const resumed = build().restore(saved).finalize();
    expect(await resumed.call('increment', {})).toMatchObject({ ok: true, value: { value: 3, max: 2 } });
    expect(resumed.resources.snapshot()).toEqual({
      ...saved,
      state: { ...saved.state, Counter: { value: 3 } },
    });
  });

  it('reports a snapshot that does not fit as a finalize problem', () => {
    const { Counter, Limits, Increment } = counterTools();
    const report = new ToolRegistry()
      .params(Limits, {})
      .state(Limits, {})
      .state(Counter, {})
      .tool(Increment)
      .restore({ version: 1, params: {}, state: { Counter: { value: -1 } } })
      .check();
    expect(report.problems.map((problem) => problem.code)).toEqual(['invalid_params']);
    expect(report.problems[0]!.message).toMatch(/Counter/);
  });
});

describe('a missing dependency (F17)', () => {
  it('is caught at finalize, before anything runs', () => {
    class Workspace {}
    @Tool({ name: 'list_dir', description: 'List a directory.', kind: 'list' })
    class ListDir {
      constructor(@inject(Workspace) readonly workspace: Workspace) {}
      run(): string {
        return '';
      }
    }
    expect(() => new ToolRegistry().tool(ListDir).finalize()).toThrow(FinalizeError);
    expect(new ToolRegistry().tool(ListDir).check().problems).toEqual([
      {
        code: 'unbound_dependency',
        tool: 'list_dir',
        message: 'ListDir (list_dir) needs Workspace, which is not bound.',
        fix: 'registry.provide(Workspace, …).',
      },
    ]);
    expect(new ToolRegistry().provide(Workspace, new Workspace()).tool(ListDir).check().ok).toBe(true);
  });

  it('is caught when a tool is added at run time', () => {
    class Workspace {}
    @Tool({ name: 'list_dir', description: 'List a directory.', kind: 'list' })
    class ListDir {
      constructor(@inject(Workspace) readonly workspace: Workspace) {}
      run(): string {
        return '';
      }
    }
    const tools = new ToolRegistry().finalize();
    expect(() => tools.add(ListDir)).toThrow(/ListDir \(list_dir\) needs Workspace, which is not bound/);
    expect(tools.snapshot().names).toEqual([]);
  });

  it('is missing_resource at call time, naming the token', async () => {
    const Session = createToken<{ user: string }>('Session');
    @Tool({ name: 'whoami', description: 'Say who is calling.', args: NoArguments })
    class WhoAmI {
      run(_args: unknown, ctx: ToolCallContext): string {
        return ctx.require(Session).user;
      }
    }
    const tools = new ToolRegistry().tool(WhoAmI).finalize();
    const missing = await tools.call('whoami', {});
    expect(missing.ok === false && missing.error.kind).toBe('missing_resource');
    expect(missing.ok === false && missing.error.modelText).toMatch(/Session/);
    expect(await tools.call('whoami', {}, { extensions: [[Session, { user: 'ada' }]] })).toMatchObject({
      ok: true,
      value: 'ada',
    });
  });
});
