import 'reflect-metadata';
import { createToken, ToolError, Tool } from '@toolwright/core';
import { IsBoolean } from 'class-validator';
import { inject, optional } from 'inversify';
import { fromClass, Params, Resources, State } from '../src';

function thrownBy(action: () => unknown): ToolError {
  try {
    action();
  } catch (error) {
    if (ToolError.is(error)) return error;
    throw error;
  }
  throw new Error('expected a ToolError');
}

describe('a missing dependency (F17)', () => {
  it('is a check() problem, before anything is built', () => {
    class Workspace {}
    @Tool({ name: 'read_file', description: 'Read a file.' })
    class ReadFile {
      constructor(@inject(Workspace) readonly workspace: Workspace) {}
    }
    expect(new Resources().check(ReadFile)).toEqual([
      {
        tokenName: 'Workspace',
        requiredBy: 'ReadFile',
        message: 'ReadFile needs Workspace, which is not bound.',
        fix: 'registry.provide(Workspace, …)',
      },
    ]);
  });

  it('makes instantiate throw missing_resource naming the token, the tool and what is bound', () => {
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
    const resources = new Resources().params(EditConfig, {}).provide(Clock, () => 0);
    const error = thrownBy(() => resources.instantiate(ReadFile));
    expect(error.kind).toBe('missing_resource');
    expect(error.deterministic).toBe(true);
    expect(error.modelText).toBe(
      'ReadFile needs Workspace, which is not bound. Bound: Params<EditConfig>, Clock. Fix: registry.provide(Workspace, …)',
    );
    expect(error.details).toEqual({
      missing: ['Workspace'],
      requiredBy: 'ReadFile',
      bound: ['Params<EditConfig>', 'Clock'],
    });
  });

  it('lists every missing dependency at once, with the fix for each kind of token', () => {
    class Workspace {}
    class EditConfig {}
    class Counter {}
    @Tool({ name: 'edit', description: 'Edit a file.' })
    class Edit {
      constructor(
        @inject(Workspace) readonly workspace: Workspace,
        @inject(Params.of(EditConfig)) readonly config: Params<EditConfig>,
        @inject(State.of(Counter)) readonly counter: State<Counter>,
      ) {}
    }
    const resources = new Resources();
    expect(resources.check(Edit).map((problem) => problem.fix)).toEqual([
      'registry.provide(Workspace, …)',
      'registry.params(EditConfig, { … })',
      'registry.state(Counter, { … })',
    ]);
    expect(thrownBy(() => resources.instantiate(Edit)).modelText).toBe(
      'Edit needs Workspace, which is not bound. Edit needs Params<EditConfig>, which is not bound. ' +
        'Edit needs State<Counter>, which is not bound. Bound: nothing. ' +
        'Fix: registry.provide(Workspace, …); registry.params(EditConfig, { … }); registry.state(Counter, { … })',
    );
  });

  it('follows fromClass bindings to the dependencies of the implementation', () => {
    const Clock = createToken<() => number>('Clock');
    abstract class Workspace {}
    class LocalWorkspace extends Workspace {
      constructor(@inject(Clock) readonly clock: () => number) {
        super();
      }
    }
    @Tool({ name: 'read_file', description: 'Read a file.' })
    class ReadFile {
      constructor(@inject(Workspace) readonly workspace: Workspace) {}
    }
    const resources = new Resources().provide(Workspace, fromClass(LocalWorkspace));
    expect(resources.check(ReadFile).map((problem) => problem.message)).toEqual([
      'ReadFile needs Clock (through Workspace), which is not bound.',
    ]);
    expect(thrownBy(() => resources.get(Workspace)).modelText).toBe(
      'Workspace needs Clock (through LocalWorkspace), which is not bound. Bound: Workspace. Fix: registry.provide(Clock, …)',
    );
  });

  it('does not count an @optional() dependency as missing', () => {
    const Tracer = createToken<object>('Tracer');
    @Tool({ name: 'echo', description: 'Echo.' })
    class Echo {
      constructor(@optional() @inject(Tracer) readonly tracer?: object) {}
    }
    const resources = new Resources();
    expect(resources.check(Echo)).toEqual([]);
    expect(resources.instantiate(Echo).tracer).toBeUndefined();
  });

  it('reports an interface-typed parameter, which has no token to inject', () => {
    interface Clock {
      now(): number;
    }
    @Tool({ name: 'time', description: 'Tell the time.' })
    class Time {
      constructor(readonly clock: Clock) {}
    }
    expect(new Resources().check(Time)).toEqual([
      {
        tokenName: 'Object',
        requiredBy: 'Time',
        message:
          "Time's constructor parameter #1 has no injection token, and its type, recorded as Object, cannot serve as one " +
          '(an interface, a type alias, a union or a primitive has no runtime token).',
        fix: "add @inject(Token) to that parameter; createToken<T>('Name') makes a token for an interface.",
      },
    ]);
  });

  it('is found at once when the binding arrives later: check reads the current bindings', () => {
    class Workspace {}
    @Tool({ name: 'read_file', description: 'Read a file.' })
    class ReadFile {
      constructor(@inject(Workspace) readonly workspace: Workspace) {}
    }
    const resources = new Resources();
    expect(resources.check(ReadFile)).toHaveLength(1);
    resources.provide(Workspace, new Workspace());
    expect(resources.check(ReadFile)).toEqual([]);
    expect(resources.instantiate(ReadFile).workspace).toBeInstanceOf(Workspace);
  });
});
