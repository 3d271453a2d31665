import 'reflect-metadata';
import { createToken, Tool } from '@toolwright/core';
import { IsBoolean } from 'class-validator';
import { inject, injectable } from 'inversify';
import { fromFactory, Params, Resources, State } from '../src';

describe('instantiating tool classes through Resources', () => {
  it('builds a @Tool class with @inject parameters without @injectable()', () => {
    class Workspace {
      constructor(readonly root: string) {}
    }
    class EditConfig {
      @IsBoolean() skipReadBeforeEdit = false;
    }
    const Clock = createToken<() => number>('Clock');

    @Tool({ name: 'edit', description: 'Edit a file.' })
    class Edit {
      constructor(
        @inject(Workspace) readonly workspace: Workspace,
        @inject(Params.of(EditConfig)) readonly config: Params<EditConfig>,
        @inject(Clock) readonly clock: () => number,
      ) {}
      run(): string {
        return `${this.workspace.root} ${this.config.skipReadBeforeEdit} ${this.clock()}`;
      }
    }

    const resources = new Resources()
      .provide(Workspace, new Workspace('/tmp'))
      .params(EditConfig, { skipReadBeforeEdit: true })
      .provide(Clock, () => 7);
    expect(resources.check(Edit)).toEqual([]);
    expect(resources.instantiate(Edit).run()).toBe('/tmp true 7');
  });

  it('builds a class whose author also wrote @injectable()', () => {
    class Workspace {}
    @injectable()
    @Tool({ name: 'list', description: 'List files.' })
    class List {
      constructor(@inject(Workspace) readonly workspace: Workspace) {}
    }
    const workspace = new Workspace();
    const resources = new Resources().provide(Workspace, workspace);
    expect(resources.instantiate(List).workspace).toBe(workspace);
  });

  it('injects plain class-typed constructor parameters by their design type', () => {
    class Workspace {
      constructor(readonly root: string) {}
    }
    @Tool({ name: 'read_file', description: 'Read a file.' })
    class ReadFile {
      constructor(readonly workspace: Workspace) {}
    }
    const resources = new Resources().provide(Workspace, new Workspace('/srv'));
    expect(resources.instantiate(ReadFile).workspace.root).toBe('/srv');
  });

  it('builds each tool class once per Resources', () => {
    @Tool({ name: 'echo', description: 'Echo.' })
    class Echo {}
    const resources = new Resources();
    expect(resources.instantiate(Echo)).toBe(resources.instantiate(Echo));
    expect(new Resources().instantiate(Echo)).not.toBe(resources.instantiate(Echo));
    // A tool class is not a resource.
    expect(resources.has(Echo)).toBe(false);
  });

  it('injects Params and State of one class as two different things', async () => {
    class Quota {
      remaining = 0;
    }
    @Tool({ name: 'spend', description: 'Spend one unit.' })
    class Spend {
      constructor(
        @inject(Params.of(Quota)) readonly limit: Params<Quota>,
        @inject(State.of(Quota)) readonly used: State<Quota>,
      ) {}
      async run(): Promise<number> {
        const next = await this.used.update((current) => ({ remaining: current.remaining + 1 }));
        return this.limit.remaining - next.remaining;
      }
    }
    const resources = new Resources().params(Quota, { remaining: 10 }).state(Quota, { remaining: 0 });
    const spend = resources.instantiate(Spend);
    expect(await spend.run()).toBe(9);
    expect(await spend.run()).toBe(8);
    expect(resources.get(Params.of(Quota)).remaining).toBe(10);
  });

  it('keeps a counter exact when 100 concurrent calls of two tool instances update one State (F10)', async () => {
    class Stats {
      calls = 0;
    }
    @Tool({ name: 'count', description: 'Count a call.' })
    class Count {
      constructor(@inject(State.of(Stats)) readonly stats: State<Stats>) {}
      async run(delayMs: number): Promise<void> {
        await this.stats.update(async (current) => {
          await new Promise((resolve) => setTimeout(resolve, delayMs));
          return { calls: current.calls + 1 };
        });
      }
    }
    @Tool({ name: 'count_too', description: 'Count a call too.' })
    class CountToo extends Count {}
    const resources = new Resources().state(Stats, { calls: 0 });
    const tools = [resources.instantiate(Count), resources.instantiate(CountToo)];
    await Promise.all(Array.from({ length: 100 }, (_, index) => tools[index % 2]!.run(index % 3)));
    expect(resources.get(State.of(Stats)).get().calls).toBe(100);
  });

  it('builds a tool whose dependency comes from an async factory, running the factory once', async () => {
    const Client = createToken<{ connected: boolean }>('Client');
    let connections = 0;
    @Tool({ name: 'fetch', description: 'Fetch.' })
    class Fetch {
      constructor(@inject(Client) readonly client: { connected: boolean }) {}
    }
    @Tool({ name: 'post', description: 'Post.' })
    class Post {
      constructor(@inject(Client) readonly client: { connected: boolean }) {}
    }
    const resources = new Resources().provide(
      Client,
      fromFactory(async () => {
        connections += 1;
        await new Promise((resolve) => setTimeout(resolve, 5));
        return { connected: true };
      }),
    );
    const [fetch, post] = await Promise.all([
      resources.instantiateAsync(Fetch),
      resources.instantiateAsync(Post),
    ]);
    expect(fetch.client).toBe(post.client);
    expect(connections).toBe(1);
  });
});
