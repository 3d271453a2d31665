import 'reflect-metadata';
import { createToken, ToolError } from '@toolwright/core';
import { IsBoolean, IsInt, Min } from 'class-validator';
import { fromClass, fromFactory } from './providers/provider';
import { Resources } from './resources';
import { Params } from './tokens/params';
import { State } from './tokens/state';
import { ResourceValidationError } from './problems/resource-validation-error';
import { inject } from 'inversify';

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('Resources.provide', () => {
  it('binds a constant to a class token and to a symbol token', () => {
    class Workspace {
      constructor(readonly root: string) {}
    }
    const Clock = createToken<() => number>('Clock');
    const clock = (): number => 42;
    const workspace = new Workspace('/tmp');
    const resources = new Resources().provide(Workspace, workspace).provide(Clock, clock);
    expect(resources.get(Workspace)).toBe(workspace);
    // A function is a constant like any other value: only fromFactory makes a factory.
    expect(resources.get(Clock)).toBe(clock);
    expect(resources.has(Clock)).toBe(true);
    expect(resources.has(createToken('Clock'))).toBe(false);
  });

  it('keeps a class provided as a value as that class, not an instance', () => {
    class Handler {}
    const HandlerType = createToken<typeof Handler>('HandlerType');
    const resources = new Resources().provide(HandlerType, Handler);
    expect(resources.get(HandlerType)).toBe(Handler);
  });

  it('keeps an object that has a factory property as a constant', () => {
    const Pool = createToken<{ factory: () => number }>('Pool');
    const pool = { factory: () => 1 };
    expect(new Resources().provide(Pool, pool).get(Pool)).toBe(pool);
  });

  it('runs a factory once and hands it the resources to read other values', () => {
    const Root = createToken<string>('Root');
    const Greeting = createToken<string>('Greeting');
    const create = jest.fn(
      (resources: { get<T>(token: unknown): T }) => `hello ${resources.get<string>(Root)}`,
    );
    const resources = new Resources().provide(Root, '/tmp').provide(Greeting, fromFactory(create));
    expect(resources.get(Greeting)).toBe('hello /tmp');
    expect(resources.get(Greeting)).toBe('hello /tmp');
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('runs a transient factory for every use', () => {
    let next = 0;
    const Id = createToken<number>('Id');
    const resources = new Resources().provide(
      Id,
      fromFactory(() => (next += 1), { transient: true }),
    );
    expect([resources.get(Id), resources.get(Id)]).toEqual([1, 2]);
  });

  it('runs an async singleton factory once under 50 concurrent first uses', async () => {
    const Client = createToken<{ id: number }>('Client');
    let calls = 0;
    const resources = new Resources().provide(
      Client,
      fromFactory(async () => {
        calls += 1;
        await pause(10);
        return { id: calls };
      }),
    );
    const clients = await Promise.all(Array.from({ length: 50 }, () => resources.getAsync(Client)));
    expect(calls).toBe(1);
    expect(new Set(clients).size).toBe(1);
    // Once resolved, a sync get works too.
    expect(resources.get(Client)).toBe(clients[0]);
  });

  it('tries a failed factory again on the next use', async () => {
    const Client = createToken<string>('Client');
    let attempts = 0;
    const resources = new Resources().provide(
      Client,
      fromFactory(async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('connection refused');
        return 'connected';
      }),
    );
    await expect(resources.getAsync(Client)).rejects.toThrow('connection refused');
    await expect(resources.getAsync(Client)).resolves.toBe('connected');
  });

  it('builds a fromClass binding with its own dependencies, once', () => {
    const Root = createToken<string>('Root');
    abstract class Workspace {
      abstract readonly root: string;
    }
    class LocalWorkspace extends Workspace {
      constructor(@inject(Root) readonly root: string) {
        super();
      }
    }
    const resources = new Resources().provide(Root, '/srv').provide(Workspace, fromClass(LocalWorkspace));
    const workspace = resources.get(Workspace);
    expect(workspace).toBeInstanceOf(LocalWorkspace);
    expect(workspace.root).toBe('/srv');
    expect(resources.get(Workspace)).toBe(workspace);
  });

  it('replaces a binding when the token is provided again', () => {
    const Root = createToken<string>('Root');
    const resources = new Resources().provide(Root, '/a').provide(Root, '/b');
    expect(resources.get(Root)).toBe('/b');
    expect(resources.bound()).toEqual([{ token: Root, name: 'Root', kind: 'value' }]);
  });

  it('refuses a Params or State token, which must be bound validated', () => {
    class EditConfig {}
    expect(() => new Resources().provide(Params.of(EditConfig), new EditConfig())).toThrow(
      'Params<EditConfig> is a params token; bind it with params(EditConfig, value) so it is validated.',
    );
  });

  it('throws missing_resource for an unbound token, naming what is bound', () => {
    class Workspace {}
    const Clock = createToken<() => number>('Clock');
    const resources = new Resources().provide(Clock, () => 1);
    let thrown: unknown;
    try {
      resources.get(Workspace);
    } catch (error) {
      thrown = error;
    }
    expect(ToolError.is(thrown)).toBe(true);
    expect((thrown as ToolError).kind).toBe('missing_resource');
    expect((thrown as ToolError).message).toBe(
      'Workspace is not bound. Bound: Clock. Fix: registry.provide(Workspace, …)',
    );
  });
});

describe('Resources.params and Resources.state', () => {
  it('keeps Params and State of the same class apart', async () => {
    class Limits {
      @IsInt() @Min(0) maxCalls = 10;
    }
    const resources = new Resources().params(Limits, { maxCalls: 5 }).state(Limits, { maxCalls: 0 });
    const params = resources.get(Params.of(Limits));
    const state = resources.get(State.of(Limits));
    expect(params).toBeInstanceOf(Limits);
    expect(params.maxCalls).toBe(5);
    await state.update((current) => ({ maxCalls: current.maxCalls + 1 }));
    expect(state.get().maxCalls).toBe(1);
    expect(resources.get(Params.of(Limits)).maxCalls).toBe(5);
    expect(resources.bound().map(({ name, kind }) => ({ name, kind }))).toEqual([
      { name: 'Params<Limits>', kind: 'params' },
      { name: 'State<Limits>', kind: 'state' },
    ]);
  });

  it('collects every problem of an invalid value instead of throwing, naming the token', () => {
    class EditConfig {
      @IsBoolean() skipReadBeforeEdit = false;
      @IsInt() maxLines = 2000;
    }
    const resources = new Resources().params(EditConfig, { skipReadBeforeEdit: 'no', typo: 1 } as never);
    expect(resources.problems()).toEqual([
      {
        tokenName: 'Params<EditConfig>',
        message:
          'Params<EditConfig>.typo is not a property of EditConfig; it declares skipReadBeforeEdit, maxLines.',
        fix: 'pass a valid value: registry.params(EditConfig, { … }).',
      },
      {
        tokenName: 'Params<EditConfig>',
        message: 'Params<EditConfig>.skipReadBeforeEdit must be a boolean value (got "no").',
        fix: 'pass a valid value: registry.params(EditConfig, { … }).',
      },
    ]);
    // An invalid value is never injected.
    expect(() => resources.get(Params.of(EditConfig))).toThrow(ResourceValidationError);
  });

  it('drops the problems of a value once it is bound again, validly', () => {
    class EditConfig {
      @IsBoolean() skipReadBeforeEdit = false;
    }
    const resources = new Resources().params(EditConfig, { skipReadBeforeEdit: 'no' } as never);
    expect(resources.problems()).toHaveLength(1);
    resources.params(EditConfig, { skipReadBeforeEdit: true });
    expect(resources.problems()).toEqual([]);
    expect(resources.get(Params.of(EditConfig)).skipReadBeforeEdit).toBe(true);
  });

  it('freezes params: configuration is read, never written', () => {
    class EditConfig {
      @IsBoolean() skipReadBeforeEdit = false;
    }
    const config = new Resources().params(EditConfig, {}).get(Params.of(EditConfig));
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('keeps the state holder when the state is bound again, so tools holding it see the new value', () => {
    class Counter {
      count = 0;
    }
    const resources = new Resources().state(Counter, { count: 1 });
    const holder = resources.get(State.of(Counter));
    resources.state(Counter, { count: 7 });
    expect(resources.get(State.of(Counter))).toBe(holder);
    expect(holder.get().count).toBe(7);
  });

  it('stops injecting a state bound again with an invalid value, until it is fixed', () => {
    class Counter {
      @IsInt() count = 0;
    }
    const resources = new Resources().state(Counter, { count: 1 });
    resources.state(Counter, { count: 'many' } as never);
    expect(resources.problems().map((problem) => problem.message)).toEqual([
      'State<Counter>.count must be an integer number (got "many").',
    ]);
    expect(() => resources.get(State.of(Counter))).toThrow(ResourceValidationError);
    expect(() => resources.snapshot()).toThrow('State<Counter>.count must be an integer number');
    resources.state(Counter, { count: 2 });
    expect(resources.get(State.of(Counter)).get().count).toBe(2);
  });

  it('reports two different classes with the same name, whose snapshot keys would collide', () => {
    const first = class Config {};
    const second = class Config {};
    const resources = new Resources().params(first, {}).params(second, {});
    expect(resources.problems()).toEqual([
      {
        tokenName: 'Params<Config>',
        message:
          'Params<Config> is bound for 2 different classes named Config; their snapshot keys would collide.',
        fix: 'rename all but one of the classes named Config.',
      },
    ]);
  });
});

describe('Resources', () => {
  it('share nothing between two instances', () => {
    class Workspace {
      constructor(readonly root: string) {}
    }
    class Counter {
      count = 0;
    }
    const first = new Resources().provide(Workspace, new Workspace('/a')).state(Counter, { count: 1 });
    const second = new Resources().state(Counter, { count: 2 });
    expect(second.has(Workspace)).toBe(false);
    expect(() => second.get(Workspace)).toThrow('Workspace is not bound.');
    expect(first.get(State.of(Counter)).get().count).toBe(1);
    expect(second.get(State.of(Counter)).get().count).toBe(2);
    expect(first.get(State.of(Counter))).not.toBe(second.get(State.of(Counter)));
  });

  it('builds a class with nothing to inject once per Resources, as the container would', () => {
    let built = 0;
    class Ping {
      readonly id = ++built;
    }
    const resources = new Resources();
    const first = resources.instantiate(Ping);
    expect(first).toBeInstanceOf(Ping);
    expect(resources.instantiate(Ping)).toBe(first);
    expect(resources.has(Ping)).toBe(false);
    expect(new Resources().instantiate(Ping)).not.toBe(first);
    expect(built).toBe(2);
    // A binding of the same class as a resource takes over.
    const bound = new Ping();
    resources.provide(Ping, bound);
    expect(resources.instantiate(Ping)).toBe(bound);
  });

  it('still builds a class with injections through the container', () => {
    class Clock {
      now(): number {
        return 7;
      }
    }
    class Stamp {
      constructor(@inject(Clock) readonly clock: Clock) {}
    }
    class Base {
      @inject(Clock) readonly clock!: Clock;
    }
    class Derived extends Base {}
    const resources = new Resources().provide(Clock, new Clock());
    expect(resources.instantiate(Stamp).clock.now()).toBe(7);
    expect(resources.instantiate(Derived).clock.now()).toBe(7);
  });
});
