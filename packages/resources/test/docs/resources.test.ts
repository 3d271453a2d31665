import 'reflect-metadata';
import { createToken, Tool, ToolError } from '@toolwright/core';
import { IsBoolean, IsInt, Min } from 'class-validator';
import { fromClass, fromFactory, inject, Params, Resources, ResourceValidationError, State } from '../../src';

// The code of docs/resources.md: each `#region` is shown on the page (scripts/doc-snippets.js).

describe('docs/resources.md', () => {
  it('tokens: a tool built with its dependencies, without @injectable()', () => {
    // #region tokens
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
    }

    const resources = new Resources()
      .provide(Workspace, new Workspace('/tmp'))
      .params(EditConfig, { skipReadBeforeEdit: true })
      .provide(Clock, () => 7);
    const edit = resources.instantiate(Edit); // no @injectable() needed
    // #endregion
    expect(edit.workspace.root).toBe('/tmp');
    expect(edit.config.skipReadBeforeEdit).toBe(true);
    expect(edit.clock()).toBe(7);
  });

  it('provide: constants, factories and classes', async () => {
    class Workspace {
      constructor(readonly root: string) {}
    }
    const Root = createToken<string>('Root');
    const Client = createToken<{ root: string }>('Client');
    const RequestId = createToken<number>('RequestId');
    const connect = async (root: string): Promise<{ root: string }> => ({ root });
    let lastId = 0;
    const nextId = (): number => (lastId += 1);
    abstract class Storage {
      abstract readonly root: string;
    }
    class DiskStorage extends Storage {
      constructor(@inject(Root) readonly root: string) {
        super();
      }
    }
    const resources = new Resources().provide(Root, '/srv');
    // #region provide
    // A constant: anything, functions and classes too.
    resources.provide(Workspace, new Workspace('/tmp'));
    // Built through the container, with its own @inject parameters.
    resources.provide(Storage, fromClass(DiskStorage));
    // Built once, even when many first uses arrive together; `r` reads other resources.
    const client = fromFactory(async (r) => connect(r.get(Root)));
    resources.provide(Client, client);
    // Built again for every injection.
    resources.provide(RequestId, fromFactory(nextId, { transient: true }));
    // #endregion
    expect(resources.get(Workspace).root).toBe('/tmp');
    expect(await resources.getAsync(Client)).toEqual({ root: '/srv' });
    expect(resources.get(Storage)).toBeInstanceOf(DiskStorage);
    expect([resources.get(RequestId), resources.get(RequestId)]).toEqual([1, 2]);
  });

  it('params: problems are collected, not thrown', () => {
    class EditConfig {
      @IsBoolean() skipReadBeforeEdit = false;
      @IsInt() @Min(1) maxLines = 2000;
    }
    const resources = new Resources();
    // #region params-problems
    // Configuration read from a file is untyped: a mistake shows at run time.
    resources.params(EditConfig, JSON.parse('{ "skipReadBeforeEdit": "no", "typo": 1 }'));
    const messages = resources.problems().map((problem) => problem.message);
    // Params<EditConfig>.typo is not a property of EditConfig; it declares skipReadBeforeEdit, maxLines.
    // Params<EditConfig>.skipReadBeforeEdit must be a boolean value (got "no").
    // #endregion
    expect(messages).toEqual([
      'Params<EditConfig>.typo is not a property of EditConfig; it declares skipReadBeforeEdit, maxLines.',
      'Params<EditConfig>.skipReadBeforeEdit must be a boolean value (got "no").',
    ]);
  });

  it('state: 100 concurrent calls, no lost update', async () => {
    class Stats {
      @IsInt() calls = 0;
    }
    // #region state-update
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

    const resources = new Resources().state(Stats, { calls: 0 });
    const count = resources.instantiate(Count);
    await Promise.all(Array.from({ length: 100 }, (_, index) => count.run(index % 3)));
    const calls = resources.get(State.of(Stats)).get().calls; // 100
    // #endregion
    expect(calls).toBe(100);
  });

  it('snapshot and restore: a round trip, and an all-or-nothing refusal', () => {
    class Workspace {
      constructor(readonly root: string) {}
    }
    class EditConfig {
      @IsBoolean() skipReadBeforeEdit = false;
      @IsInt() @Min(1) maxLines = 2000;
    }
    class Counter {
      @IsInt() count = 0;
    }
    // #region snapshot
    const resources = new Resources()
      .provide(Workspace, new Workspace('/tmp')) // transient: never in a snapshot
      .params(EditConfig, { skipReadBeforeEdit: true })
      .state(Counter, { count: 3 });
    const snapshot = resources.snapshot();
    // { version: 1, params: { EditConfig: { skipReadBeforeEdit: true, maxLines: 2000 } }, state: { Counter: { count: 3 } } }

    const next = new Resources()
      .provide(Workspace, new Workspace('/other'))
      .params(EditConfig, {})
      .state(Counter, { count: 0 });
    next.restore(JSON.parse(JSON.stringify(snapshot))); // next.snapshot() now equals snapshot
    // #endregion
    expect(snapshot).toEqual({
      version: 1,
      params: { EditConfig: { skipReadBeforeEdit: true, maxLines: 2000 } },
      state: { Counter: { count: 3 } },
    });
    expect(next.snapshot()).toEqual(snapshot);

    let thrown: unknown;
    try {
      // #region restore-refused
      next.restore({
        version: 1,
        params: { EditConfig: { skipReadBeforeEdit: true, maxLines: 0, typo: 1 } },
        state: { Counter: { count: 4 }, Ghost: {} },
      });
      // throws ResourceValidationError, and nothing is applied (Counter stays 3):
      // 3 problems in the snapshot; nothing was restored
      //
      //   - params.EditConfig.typo is not a property of EditConfig; it declares skipReadBeforeEdit, maxLines.
      //     Fix: correct params.EditConfig in the snapshot so it is a valid EditConfig.
      //   - params.EditConfig.maxLines must not be less than 1 (got 0).
      //     Fix: correct params.EditConfig in the snapshot so it is a valid EditConfig.
      //   - The snapshot has state.Ghost, but no State<Ghost> is bound.
      //     Fix: bind it first (registry.state(Ghost, { … })), or remove state.Ghost from the snapshot.
      // #endregion
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ResourceValidationError);
    expect((thrown as Error).message).toBe(
      [
        '3 problems in the snapshot; nothing was restored',
        '',
        '  - params.EditConfig.typo is not a property of EditConfig; it declares skipReadBeforeEdit, maxLines.',
        '    Fix: correct params.EditConfig in the snapshot so it is a valid EditConfig.',
        '  - params.EditConfig.maxLines must not be less than 1 (got 0).',
        '    Fix: correct params.EditConfig in the snapshot so it is a valid EditConfig.',
        '  - The snapshot has state.Ghost, but no State<Ghost> is bound.',
        '    Fix: bind it first (registry.state(Ghost, { … })), or remove state.Ghost from the snapshot.',
      ].join('\n'),
    );
    expect(next.get(State.of(Counter)).get().count).toBe(3);
  });

  it('missing dependencies: check() and missing_resource', () => {
    class Workspace {}
    class EditConfig {
      @IsBoolean() skipReadBeforeEdit = false;
    }
    const Clock = createToken<() => number>('Clock');
    @Tool({ name: 'read_file', description: 'Read a file.' })
    class ReadFile {
      constructor(
        @inject(Workspace) readonly workspace: Workspace,
        @inject(Params.of(EditConfig)) readonly config: Params<EditConfig>,
        @inject(Clock) readonly clock: () => number,
      ) {}
    }
    // #region missing-dependency
    const resources = new Resources().params(EditConfig, {}).provide(Clock, () => 0);
    const problems = resources.check(ReadFile);
    // [{ tokenName: 'Workspace', requiredBy: 'ReadFile',
    //    message: 'ReadFile needs Workspace, which is not bound.', fix: 'registry.provide(Workspace, …)' }]
    const build = (): ReadFile => resources.instantiate(ReadFile);
    // build() throws a ToolError of kind missing_resource, whose text is:
    // ReadFile needs Workspace, which is not bound. Bound: Params<EditConfig>, Clock. Fix: registry.provide(Workspace, …)
    // #endregion
    expect(problems).toEqual([
      {
        tokenName: 'Workspace',
        requiredBy: 'ReadFile',
        message: 'ReadFile needs Workspace, which is not bound.',
        fix: 'registry.provide(Workspace, …)',
      },
    ]);
    let thrown: unknown;
    try {
      build();
    } catch (error) {
      thrown = error;
    }
    expect(ToolError.is(thrown) && thrown.kind).toBe('missing_resource');
    expect((thrown as ToolError).modelText).toBe(
      'ReadFile needs Workspace, which is not bound. Bound: Params<EditConfig>, Clock. Fix: registry.provide(Workspace, …)',
    );
  });
});
