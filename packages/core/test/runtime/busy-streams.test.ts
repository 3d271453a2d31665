import 'reflect-metadata';
import {
  NoArguments,
  Tool,
  ToolSet,
  drainToTerminal,
  eraseTool,
  type ToolCallContext,
} from '@toolwright/core';
import { errorOf } from './test-tool';

// F25 (docs/reliability.md): an authored `async *execute` that yields without ever awaiting settles
// every step in microtasks. Unless the engine gives the event loop a turn, no timer (its deadline)
// and no host event (an abort) can run, and the whole process freezes.
function busyTools(pulled: { count: number }, closed: { value: boolean }): ToolSet {
  @Tool({ name: 'spin', description: 'Yields forever without awaiting.', args: NoArguments, timeoutMs: 50 })
  class Spin {
    async *execute(_args: NoArguments) {
      try {
        for (;;) {
          pulled.count += 1;
          yield pulled.count;
        }
      } finally {
        closed.value = true;
      }
    }
  }
  @Tool({ name: 'spin_untimed', description: 'Yields forever, no deadline.', args: NoArguments })
  class SpinUntimed {
    async *execute(_args: NoArguments, _ctx: ToolCallContext) {
      try {
        for (;;) {
          pulled.count += 1;
          yield pulled.count;
        }
      } finally {
        closed.value = true;
      }
    }
  }
  return new ToolSet().add(eraseTool(new Spin())).add(eraseTool(new SpinUntimed()));
}

describe('an authored stream that never awaits (F25)', () => {
  it('times out at its deadline through ToolSet.call', async () => {
    const pulled = { count: 0 };
    const closed = { value: false };
    const started = Date.now();
    const result = await busyTools(pulled, closed).call('spin', '');
    expect(errorOf(result).kind).toBe('timeout');
    expect(result.content).toEqual([
      {
        type: 'text',
        text: 'spin did not finish within 50 ms and was stopped. Try again, or ask for less work in one call.',
      },
    ]);
    expect(Date.now() - started).toBeLessThan(5_000);
    const count = pulled.count;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(pulled.count).toBe(count);
  });

  it('times out while its progress is drained', async () => {
    const pulled = { count: 0 };
    const closed = { value: false };
    let progress = 0;
    const result = await busyTools(pulled, closed).call('spin', '', { onProgress: () => (progress += 1) });
    expect(errorOf(result).kind).toBe('timeout');
    expect(progress).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(closed.value).toBe(true);
  });

  it('is cancelled by a signal aborted from a timer, with and without progress', async () => {
    for (const onProgress of [undefined, () => undefined]) {
      const pulled = { count: 0 };
      const closed = { value: false };
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 30);
      const result = await busyTools(pulled, closed).call('spin_untimed', '', {
        signal: controller.signal,
        onProgress,
      });
      expect(errorOf(result).kind).toBe('cancelled');
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(closed.value).toBe(true);
    }
  });

  it('lets timers run while an untimed call streams through execute', async () => {
    const pulled = { count: 0 };
    const closed = { value: false };
    const tools = busyTools(pulled, closed);
    const controller = new AbortController();
    let timerRan = false;
    setTimeout(() => {
      timerRan = true;
      controller.abort();
    }, 20);
    const ctx = { signal: controller.signal } as unknown as ToolCallContext;
    const result = await drainToTerminal(tools.execute('spin_untimed', '', ctx));
    expect(timerRan).toBe(true);
    expect(errorOf(result).kind).toBe('cancelled');
  });
});
