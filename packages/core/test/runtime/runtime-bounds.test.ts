import 'reflect-metadata';
import { EventEmitter } from 'node:events';
import {
  ConcurrencyLimiter,
  DEFAULT_MAX_CONCURRENT_CALLS,
  DEFAULT_MAX_DISPATCHES,
  DEFAULT_MAX_QUEUED_CALLS,
  ToolSet,
  ToolStream,
  toProgressItem,
  type ErasedTool,
  type ProgressItem,
  type ToolResult,
} from '@toolwright/core';
import { errorOf, never, sleep, testTool } from './test-tool';

// The bounds of R18 (docs/reliability.md): every fan-out has a budget, every wait a way out.

describe('the dispatch budget (F26)', () => {
  it('stops a fan-out of 6 to depth 8 at the total budget, without running out of memory', async () => {
    let calls = 0;
    const tools = new ToolSet().add(
      testTool('fan_out', async (_args, ctx) => {
        calls += 1;
        const inner = await Promise.all(Array.from({ length: 6 }, () => ctx.dispatch('fan_out', '{}')));
        return inner.filter((result) => result.ok).length;
      }),
    );
    const result = await tools.call('fan_out', '{}');
    expect(result.ok).toBe(true);
    // The host's call and at most DEFAULT_MAX_DISPATCHES under it (6^8 = 1,679,616 without a budget).
    expect(calls).toBe(DEFAULT_MAX_DISPATCHES + 1);
  }, 30_000);

  it('refuses the call past the budget with a curated text', async () => {
    const refusals: ToolResult[] = [];
    const tools = new ToolSet({ maxDispatches: 3 }).add(testTool('leaf', () => 'leaf')).add(
      testTool('loop', async (_args, ctx) => {
        for (let index = 0; index < 5; index++) {
          const inner = await ctx.dispatch('leaf', '{}');
          if (!inner.ok) refusals.push(inner);
        }
        return 'done';
      }),
    );
    expect((await tools.call('loop', '{}')).ok).toBe(true);
    expect(refusals).toHaveLength(2);
    const error = errorOf(refusals[0]!);
    expect(error.kind).toBe('permission_denied');
    expect(error.details).toMatchObject({ caller: 'loop', maxDispatches: 3, dispatched: 3 });
    expect(refusals[0]!.content).toEqual([
      {
        type: 'text',
        text: 'loop cannot call leaf: this request has already made 3 tool calls from inside tools, the most one request may make. Finish the task with the results you have, without calling more tools from here.',
      },
    ]);
  });

  it('gives every call from the host a budget of its own', async () => {
    const tools = new ToolSet({ maxDispatches: 2 }).add(testTool('leaf', () => 'leaf')).add(
      testTool('twice', async (_args, ctx) => {
        const results = [await ctx.dispatch('leaf', '{}'), await ctx.dispatch('leaf', '{}')];
        return results.every((result) => result.ok);
      }),
    );
    for (let round = 0; round < 3; round++) {
      const result = await tools.call('twice', '{}');
      expect(result.ok && result.value).toBe(true);
    }
  });
});

describe('the default concurrency bound of a ToolSet (R12)', () => {
  it('runs at most DEFAULT_MAX_CONCURRENT_CALLS calls at once and queues the rest', async () => {
    let running = 0;
    let most = 0;
    const tools = new ToolSet().add(
      testTool('slow', async () => {
        running += 1;
        most = Math.max(most, running);
        await sleep(5);
        running -= 1;
        return 'ok';
      }),
    );
    const total = DEFAULT_MAX_CONCURRENT_CALLS + 100;
    const results = await Promise.all(Array.from({ length: total }, () => tools.call('slow', '{}')));
    expect(results.every((result) => result.ok)).toBe(true);
    expect(most).toBe(DEFAULT_MAX_CONCURRENT_CALLS);
  });

  it('fails fast with concurrency_limited and a retry hint once the queue is full too', async () => {
    const tools = new ToolSet().add(
      testTool('hang', () => never(), { limits: { timeoutMs: 200, graceMs: 10 } }),
    );
    const total = DEFAULT_MAX_CONCURRENT_CALLS + DEFAULT_MAX_QUEUED_CALLS + 3;
    const pending = Array.from({ length: total }, () => tools.call('hang', '{}'));
    const refused = await Promise.race([Promise.all(pending.slice(-3)), sleep(1_000).then(() => undefined)]);
    expect(refused).toBeDefined();
    for (const result of refused!) {
      const error = errorOf(result);
      expect(error.kind).toBe('concurrency_limited');
      expect(error.retryAfterMs).toBeGreaterThan(0);
      expect(error.details).toMatchObject({
        scope: 'tool set',
        maxConcurrent: DEFAULT_MAX_CONCURRENT_CALLS,
        maxQueue: DEFAULT_MAX_QUEUED_CALLS,
      });
      expect(result.content[0]).toMatchObject({
        type: 'text',
        text: expect.stringMatching(
          /^Too many tool calls are running at once \(256 and 4096 are waiting, the most allowed\)\. Try hang again in about \d+ ms\.$/,
        ),
      });
    }
    await Promise.all(pending);
  }, 30_000);

  it('bounds streaming tools and execute() too', async () => {
    let running = 0;
    let most = 0;
    const tools = new ToolSet({ limiter: new ConcurrencyLimiter({ maxConcurrent: 2, maxQueue: 10 }) }).add(
      testTool('ticker', async function* () {
        running += 1;
        most = Math.max(most, running);
        yield 'tick';
        await sleep(5);
        running -= 1;
        return 'done';
      }),
    );
    const results = await Promise.all(
      Array.from({ length: 8 }, () => tools.call('ticker', '{}', { onProgress: () => undefined })),
    );
    expect(results.every((result) => result.ok)).toBe(true);
    expect(most).toBe(2);
  });

  it('can be turned off with limiter: null', async () => {
    let running = 0;
    let most = 0;
    const tools = new ToolSet({ limiter: null }).add(
      testTool('slow', async () => {
        running += 1;
        most = Math.max(most, running);
        await sleep(5);
        running -= 1;
      }),
    );
    await Promise.all(
      Array.from({ length: DEFAULT_MAX_CONCURRENT_CALLS + 10 }, () => tools.call('slow', '{}')),
    );
    expect(most).toBe(DEFAULT_MAX_CONCURRENT_CALLS + 10);
    expect(tools.concurrencyLimiter).toBeUndefined();
  });

  it('lets dispatched calls run in the slot of their caller (no deadlock at a full set)', async () => {
    const tools = new ToolSet({ limiter: new ConcurrencyLimiter({ maxConcurrent: 1 }) })
      .add(testTool('leaf', () => 'leaf'))
      .add(testTool('outer', async (_args, ctx) => (await ctx.dispatch('leaf', '{}')).ok));
    const result = await tools.call('outer', '{}');
    expect(result.ok && result.value).toBe(true);
  });
});

describe('a hand-written stream under an aborted signal', () => {
  function handWritten(pulled: { count: number }, closed: { value: boolean }, awaits: boolean): ErasedTool {
    return {
      definition: {
        name: 'tail',
        description: 'Follows a log, ignoring its signal.',
        inputSchema: { type: 'object' },
      },
      execute: () =>
        ToolStream.withProgress(async function* (): AsyncGenerator<ProgressItem, ToolResult, undefined> {
          try {
            for (;;) {
              pulled.count += 1;
              if (awaits) await sleep(1);
              yield toProgressItem(`line ${pulled.count}`);
            }
          } finally {
            closed.value = true;
          }
        }),
    } as unknown as ErasedTool;
  }

  for (const awaits of [true, false]) {
    it(`stops in ToolSet.call when the stream ${awaits ? 'awaits' : 'never awaits'}`, async () => {
      for (const onProgress of [undefined, () => undefined]) {
        const pulled = { count: 0 };
        const closed = { value: false };
        const tools = new ToolSet().add(handWritten(pulled, closed, awaits));
        const controller = new AbortController();
        setTimeout(() => controller.abort(), 20);
        const result = await tools.call('tail', '{}', { signal: controller.signal, onProgress });
        expect(errorOf(result).kind).toBe('cancelled');
        await sleep(20);
        const count = pulled.count;
        await sleep(20);
        expect(pulled.count).toBe(count);
        expect(closed.value).toBe(true);
      }
    });
  }

  it('stops a hand-written stream that never settles', async () => {
    const tools = new ToolSet().add({
      definition: { name: 'stuck', description: 'Never answers.', inputSchema: { type: 'object' } },
      execute: () =>
        ToolStream.withProgress(async function* (): AsyncGenerator<ProgressItem, ToolResult, undefined> {
          return await never<ToolResult>();
        }),
    } as unknown as ErasedTool);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 10);
    const result = await tools.call('stuck', '{}', { signal: controller.signal });
    expect(errorOf(result).kind).toBe('cancelled');
  });
});

describe('1,000 concurrent calls on one host signal', () => {
  // Node prints MaxListenersExceededWarning from the 11th listener on one EventTarget; the warning
  // goes to the real process, out of a Jest sandbox's reach, so the test counts the listeners.
  it('put one listener on it at most (no MaxListenersExceededWarning) and leave none behind', async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error): void => {
      warnings.push(warning);
    };
    process.on('warning', onWarning);
    try {
      const controller = new AbortController();
      const tools = new ToolSet().add(testTool('leaf', async () => sleep(5))).add(
        testTool(
          'slow',
          async (_args, ctx) => {
            await sleep(10);
            return (await ctx.dispatch('leaf', '{}')).ok && !ctx.signal.aborted;
          },
          { limits: { timeoutMs: 5_000 } },
        ),
      );
      let most = 0;
      const sampler = setInterval(() => {
        most = Math.max(most, EventEmitter.getEventListeners(controller.signal, 'abort').length);
      }, 1);
      const results = await Promise.all(
        Array.from({ length: 1_000 }, () => tools.call('slow', '{}', { signal: controller.signal })),
      ).finally(() => clearInterval(sampler));
      expect(most).toBe(1);
      expect(results.every((result) => result.ok && result.value === true)).toBe(true);
      await sleep(10);
      expect(warnings.map((warning) => warning.name)).not.toContain('MaxListenersExceededWarning');
      expect(EventEmitter.getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    } finally {
      process.off('warning', onWarning);
    }
  }, 30_000);
});
