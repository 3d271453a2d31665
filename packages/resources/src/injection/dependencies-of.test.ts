import { createToken } from '@toolwright/core';
import { inject, optional } from 'inversify';
import { Params } from '../tokens/params';
import { State } from '../tokens/state';
import { dependenciesOf } from './dependencies-of';

const marked = (): ClassDecorator => () => undefined;

describe('dependenciesOf', () => {
  it('lists every constructor dependency in order, with names', () => {
    class Workspace {}
    class EditConfig {}
    class Counter {}
    const Clock = createToken<() => number>('Clock');
    @marked()
    class Edit {
      constructor(
        readonly workspace: Workspace,
        @inject(Params.of(EditConfig)) readonly config: EditConfig,
        @inject(State.of(Counter)) readonly counter: State<Counter>,
        @optional() @inject(Clock) readonly clock?: () => number,
      ) {}
    }
    expect(dependenciesOf(Edit)).toEqual([
      { token: Workspace, tokenName: 'Workspace', site: 'constructor parameter #1', optional: false },
      {
        token: Params.of(EditConfig),
        tokenName: 'Params<EditConfig>',
        site: 'constructor parameter #2',
        optional: false,
      },
      {
        token: State.of(Counter),
        tokenName: 'State<Counter>',
        site: 'constructor parameter #3',
        optional: false,
      },
      { token: Clock, tokenName: 'Clock', site: 'constructor parameter #4', optional: true },
    ]);
  });

  it('leaves out a parameter without a token (Resources.check reports it)', () => {
    interface Clock {
      now(): number;
    }
    @marked()
    class Timer {
      constructor(readonly clock: Clock) {}
    }
    expect(dependenciesOf(Timer)).toEqual([]);
  });

  it('is empty for a class without constructor parameters', () => {
    class Echo {}
    expect(dependenciesOf(Echo)).toEqual([]);
  });
});
