import 'reflect-metadata';
import { IsInt, Min } from 'class-validator';
import fc from 'fast-check';
import { ResourceValidationError } from '../problems/resource-validation-error';
import { toResourceValue } from '../values/to-resource-value';
import { StateCell } from './state-cell';

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const jitter = (index: number): number => (index * 7) % 5;

function cellOf<T extends object>(target: new () => T, initial: object): StateCell<T> {
  const result = toResourceValue(target, initial);
  if (!result.ok) throw new Error('invalid initial value');
  return new StateCell(target, `State<${target.name}>`, result.value);
}

describe('StateCell', () => {
  it('loses no update when 100 async updates run concurrently (F10)', async () => {
    class Counter {
      count = 0;
    }
    const counter = cellOf(Counter, { count: 0 });
    await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        counter.update(async (current) => {
          await pause(jitter(index));
          return { count: current.count + 1 };
        }),
      ),
    );
    expect(counter.get().count).toBe(100);
  });

  it('shows why: the same 100 calls through a naive get-then-set lose updates', async () => {
    class Counter {
      count = 0;
    }
    const counter = cellOf(Counter, { count: 0 });
    await Promise.all(
      Array.from({ length: 100 }, async (_, index) => {
        const read = counter.get().count;
        await pause(jitter(index));
        await counter.set({ count: read + 1 });
      }),
    );
    // Every call read 0 before any of them wrote.
    expect(counter.get().count).toBe(1);
  });

  it('commits every update exactly once, in call order, whatever the delays (property)', async () => {
    class Log {
      entries: number[] = [];
    }
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 25 }),
        async (delays) => {
          const log = cellOf(Log, { entries: [] });
          await Promise.all(
            delays.map((delay, index) =>
              log.update(async (current) => {
                await pause(delay);
                return { entries: [...current.entries, index] };
              }),
            ),
          );
          expect(log.get().entries).toEqual(delays.map((_, index) => index));
        },
      ),
      { numRuns: 30 },
    );
  });

  it('runs updates in call order, each seeing the result of the one before', async () => {
    class Log {
      entries: string[] = [];
    }
    const log = cellOf(Log, { entries: [] });
    await Promise.all(
      ['a', 'b', 'c'].map((entry, index) =>
        log.update(async (current) => {
          await pause(3 - index);
          return { entries: [...current.entries, entry] };
        }),
      ),
    );
    expect(log.get().entries).toEqual(['a', 'b', 'c']);
  });

  it('keeps the value and rejects with every problem when an update is invalid', async () => {
    class Budget {
      @IsInt() @Min(0) remaining = 10;
    }
    const budget = cellOf(Budget, { remaining: 1 });
    const failed = budget.update((current) => ({ remaining: current.remaining - 2 }));
    await expect(failed).rejects.toThrow(ResourceValidationError);
    await expect(failed).rejects.toThrow(
      '1 problem in the new value of State<Budget>; it keeps its value\n\n' +
        '  - State<Budget>.remaining must not be less than 0 (got -1)\n' +
        '    Fix: return a valid Budget from the update.',
    );
    expect(budget.get().remaining).toBe(1);
    await expect(budget.update((current) => ({ remaining: current.remaining - 1 }))).resolves.toEqual({
      remaining: 0,
    });
  });

  it('hands out frozen values, so an update cannot change the state in place', async () => {
    class Counter {
      count = 0;
    }
    const counter = cellOf(Counter, { count: 0 });
    expect(Object.isFrozen(counter.get())).toBe(true);
    await expect(
      counter.update((current) => {
        (current as { count: number }).count = 5;
        return current;
      }),
    ).rejects.toThrow(TypeError);
    expect(counter.get().count).toBe(0);
  });

  it('gives up while waiting when the signal aborts, and the queue moves on', async () => {
    class Counter {
      count = 0;
    }
    const counter = cellOf(Counter, { count: 0 });
    const controller = new AbortController();
    const slow = counter.update(async (current) => {
      await pause(20);
      return { count: current.count + 1 };
    });
    const waiting = counter.update((current) => ({ count: current.count + 100 }), {
      signal: controller.signal,
    });
    const after = counter.update((current) => ({ count: current.count + 10 }));
    controller.abort(new Error('call cancelled'));
    await expect(waiting).rejects.toThrow('call cancelled');
    await slow;
    await after;
    expect(counter.get().count).toBe(11);
  });

  it('releases the state when a running update is abandoned, and discards its result', async () => {
    class Counter {
      count = 0;
    }
    const counter = cellOf(Counter, { count: 0 });
    const controller = new AbortController();
    let finishStuck!: () => void;
    const stuck = counter.update(
      async (current) => {
        await new Promise<void>((resolve) => (finishStuck = resolve));
        return { count: current.count + 1000 };
      },
      { signal: controller.signal },
    );
    await pause(1);
    controller.abort(new Error('timeout'));
    await expect(stuck).rejects.toThrow('timeout');
    await expect(counter.update((current) => ({ count: current.count + 1 }))).resolves.toEqual({ count: 1 });
    finishStuck();
    await pause(1);
    expect(counter.get().count).toBe(1);
  });

  it('queues set behind running updates', async () => {
    class Counter {
      count = 0;
    }
    const counter = cellOf(Counter, { count: 0 });
    const running = counter.update(async (current) => {
      await pause(5);
      return { count: current.count + 1 };
    });
    const reset = counter.set({ count: 42 });
    await Promise.all([running, reset]);
    expect(counter.get().count).toBe(42);
  });
});
