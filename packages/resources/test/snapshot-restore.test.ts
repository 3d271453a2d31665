import 'reflect-metadata';
import { createToken } from '@toolwright/core';
import { Type } from 'class-transformer';
import { IsBoolean, IsDate, IsInt, IsString, Min, ValidateNested } from 'class-validator';
import { fromClass, fromFactory, Params, Resources, ResourceValidationError, State } from '../src';

describe('snapshot and restore', () => {
  it('round-trips Params and State, and leaves transient values out', async () => {
    class Workspace {
      constructor(readonly root: string) {}
    }
    class EditConfig {
      @IsBoolean() skipReadBeforeEdit = false;
      @IsInt() @Min(1) maxLines = 2000;
    }
    class Visit {
      @IsString() path = '';
      @IsDate() @Type(() => Date) at = new Date(0);
    }
    class History {
      @ValidateNested({ each: true }) @Type(() => Visit) visits: Visit[] = [];
    }
    const Clock = createToken<() => number>('Clock');
    const resources = new Resources()
      .provide(Workspace, new Workspace('/tmp'))
      .provide(
        Clock,
        fromFactory(() => () => Date.now()),
      )
      .params(EditConfig, { skipReadBeforeEdit: true })
      .state(History, { visits: [] });
    await resources.get(State.of(History)).update((current) => ({
      visits: [...current.visits, { path: 'a.ts', at: new Date('2025-01-02T03:04:05Z') }],
    }));

    const snapshot = resources.snapshot();
    expect(snapshot).toEqual({
      version: 1,
      params: { EditConfig: { skipReadBeforeEdit: true, maxLines: 2000 } },
      state: { History: { visits: [{ path: 'a.ts', at: '2025-01-02T03:04:05.000Z' }] } },
    });
    expect(JSON.stringify(snapshot)).not.toContain('/tmp');

    // A new session: the same bindings with their defaults, then the saved values.
    const restored = new Resources()
      .provide(Workspace, new Workspace('/other'))
      .params(EditConfig, {})
      .state(History, { visits: [] });
    restored.restore(JSON.parse(JSON.stringify(snapshot)));
    expect(restored.snapshot()).toEqual(snapshot);
    expect(restored.get(Params.of(EditConfig))).toBeInstanceOf(EditConfig);
    const visit = restored.get(State.of(History)).get().visits[0];
    expect(visit).toBeInstanceOf(Visit);
    expect(visit?.at).toEqual(new Date('2025-01-02T03:04:05Z'));
    expect(restored.get(Workspace).root).toBe('/other');
  });

  it('has exactly the bound Params and State values, never values, factories or classes', () => {
    class Workspace {}
    class Local extends Workspace {}
    class Settings {}
    const resources = new Resources()
      .provide(Workspace, fromClass(Local))
      .provide(
        createToken('Client'),
        fromFactory(() => ({})),
      )
      .provide(createToken('Secret'), 'hunter2!')
      .state(Settings, {});
    expect(resources.snapshot()).toEqual({ version: 1, params: {}, state: { Settings: {} } });
  });

  it('refuses invalid data atomically, listing every problem', () => {
    class EditConfig {
      @IsBoolean() skipReadBeforeEdit = false;
      @IsInt() @Min(1) maxLines = 2000;
    }
    class Counter {
      @IsInt() count = 0;
    }
    const resources = new Resources().params(EditConfig, {}).state(Counter, { count: 3 });
    const before = resources.snapshot();
    const attempt = (): void =>
      resources.restore({
        version: 1,
        params: { EditConfig: { skipReadBeforeEdit: true, maxLines: 0, typo: 1 } },
        state: { Counter: { count: 4 }, Ghost: {} },
      });
    expect(attempt).toThrow(ResourceValidationError);
    let error: ResourceValidationError | undefined;
    try {
      attempt();
    } catch (thrown) {
      error = thrown as ResourceValidationError;
    }
    expect(error?.message).toBe(
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
    // The valid part (Counter: 4) was not applied either.
    expect(resources.snapshot()).toEqual(before);
    expect(resources.get(State.of(Counter)).get().count).toBe(3);
  });

  it('refuses an unknown version, an unknown section and a missing one', () => {
    const resources = new Resources();
    expect(() => resources.restore({ version: 2, params: {}, state: {} })).toThrow(
      'The snapshot has version 2; this build reads version 1.',
    );
    expect(() => resources.restore({ version: 1, params: {}, extra: {} })).toThrow(
      [
        '2 problems in the snapshot; nothing was restored',
        '',
        '  - The snapshot has an unknown section "extra".',
        '    Fix: a snapshot has only version, params and state.',
        "  - The snapshot's state must be an object (got nothing).",
        '    Fix: pass what Resources.snapshot() returned.',
      ].join('\n'),
    );
    expect(() => resources.restore('{"version":1}')).toThrow(
      'The snapshot must be an object (got "{\\"version\\":1}").',
    );
  });

  it('refuses prototype-reaching keys in restored data', () => {
    class Settings {
      @IsString() theme = 'light';
    }
    const resources = new Resources().params(Settings, {});
    expect(() =>
      resources.restore(
        JSON.parse('{"version":1,"params":{"Settings":{"theme":"dark","__proto__":{"x":1}}},"state":{}}'),
      ),
    ).toThrow('params.Settings.__proto__ is a forbidden key (it would reach an object prototype).');
    expect(resources.get(Params.of(Settings)).theme).toBe('light');
  });

  it('restores State into the holder tools already have', () => {
    class Counter {
      count = 0;
    }
    const resources = new Resources().state(Counter, { count: 1 });
    const holder = resources.get(State.of(Counter));
    resources.restore({ version: 1, params: {}, state: { Counter: { count: 9 } } });
    expect(holder.get().count).toBe(9);
  });

  it('will not write a snapshot whose keys collide', () => {
    const first = class Config {};
    const second = class Config {};
    const resources = new Resources().state(first, {}).state(second, {});
    expect(() => resources.snapshot()).toThrow(
      'State<Config> is bound for 2 different classes named Config; their snapshot keys would collide.',
    );
  });
});
