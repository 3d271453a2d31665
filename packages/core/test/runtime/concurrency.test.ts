import { ConcurrencyLimiter } from '../../src/invoke/concurrency-limiter';
import { ToolSet } from '../../src/toolset/tool-set';
import { errorOf, eventually, never, sleep, testTool as anyTool, type TestToolOptions } from './test-tool';
import type { ToolCallContext } from '../../src/context/tool-call-context';

function gate(): { wait: Promise<void>; open: () => void } {
  let open: () => void = () => undefined;
  const wait = new Promise<void>((resolve) => (open = resolve));
  return { wait, open };
}

// Both routes through the engine: a tool that may stream, and one declared not to (`run`).
describe.each([
  ['a tool that may stream', undefined],
  ['a plain tool', false],
])('bounded concurrency (R12), %s', (_route, streaming) => {
  const testTool = (
    name: string,
    invoke: (args: any, ctx: ToolCallContext) => unknown,
    options: TestToolOptions = {},
  ) => anyTool(name, invoke, { streaming, ...options });

  it('ends a call whose deadline passes while it waits in line, and takes it out of the line', async () => {
    const { wait, open } = gate();
    let ran = 0;
    const tools = new ToolSet().add(
      testTool(
        'convert',
        () => {
          ran += 1;
          return wait.then(() => 'done');
        },
        { limits: { concurrency: 1, queue: 1, timeoutMs: 200 } },
      ),
    );
    const first = tools.call('convert', '{}');
    await eventually(() => ran === 1);
    const waiting = tools.call('convert', '{}');
    // The first holds the slot past the second's deadline: the second times out in line, unrun.
    const timedOut = await waiting;
    expect(errorOf(timedOut).kind).toBe('timeout');
    expect(ran).toBe(1);
    open();
    expect((await first).ok).toBe(false);
    // Out of the line: the next call gets the slot the first gave back.
    const next = await tools.call('convert', '{}');
    expect([next.ok, ran]).toEqual([true, 2]);
  });

  it('fails fast with concurrency_limited once slots and queue are full', async () => {
    const { wait, open } = gate();
    let running = 0;
    let peak = 0;
    const tools = new ToolSet().add(
      testTool(
        'convert',
        async () => {
          running += 1;
          peak = Math.max(peak, running);
          await wait;
          running -= 1;
          return 'done';
        },
        { limits: { concurrency: 2, queue: 1 } },
      ),
    );
    const admitted = [tools.call('convert', '{}'), tools.call('convert', '{}'), tools.call('convert', '{}')];
    await eventually(() => running === 2);
    const startedAt = Date.now();
    const overflow = await tools.call('convert', '{}');
    expect(Date.now() - startedAt).toBeLessThan(500);
    const error = errorOf(overflow);
    expect(error.kind).toBe('concurrency_limited');
    expect(error.retryable).toBe(true);
    expect(error.retryAfterMs).toBeGreaterThanOrEqual(50);
    expect(overflow.content[0]).toMatchObject({
      text: expect.stringMatching(
        /^convert is busy: 2 calls are running and 1 are waiting, the most it allows\. Try again in about \d+ ms\.$/,
      ),
    });
    open();
    const results = await Promise.all(admitted);
    expect(results.map((result) => result.ok)).toEqual([true, true, true]);
    expect(peak).toBe(2);
  });

  it('refuses at once when no queue is configured', async () => {
    const { wait, open } = gate();
    const tools = new ToolSet().add(
      testTool('convert', () => wait.then(() => 'done'), { limits: { concurrency: 1 } }),
    );
    const first = tools.call('convert', '{}');
    await sleep(5);
    expect(errorOf(await tools.call('convert', '{}')).kind).toBe('concurrency_limited');
    open();
    expect((await first).ok).toBe(true);
    expect((await tools.call('convert', '{}')).ok).toBe(true);
  });

  it('frees the slot of a timed-out tool that ignores its signal after the grace period', async () => {
    const tools = new ToolSet().add(
      testTool('hang', () => never(), { limits: { concurrency: 1, timeoutMs: 20, graceMs: 20 } }),
    );
    expect(errorOf(await tools.call('hang', '{}')).kind).toBe('timeout');
    // During the grace period the slot is still held.
    expect(errorOf(await tools.call('hang', '{}')).kind).toBe('concurrency_limited');
    await sleep(100);
    expect(errorOf(await tools.call('hang', '{}')).kind).toBe('timeout');
  });

  it('shares one limiter between tools', async () => {
    const shared = new ConcurrencyLimiter({ maxConcurrent: 1 });
    const { wait, open } = gate();
    const tools = new ToolSet()
      .add(testTool('read_a', () => wait.then(() => 'a'), { limits: { limiter: shared } }))
      .add(testTool('read_b', () => 'b', { limits: { limiter: shared } }));
    const first = tools.call('read_a', '{}');
    await sleep(5);
    expect(errorOf(await tools.call('read_b', '{}')).kind).toBe('concurrency_limited');
    open();
    await first;
    expect((await tools.call('read_b', '{}')).ok).toBe(true);
  });

  it('bounds 200 concurrent calls and answers every one exactly once', async () => {
    const { wait, open } = gate();
    let running = 0;
    let peak = 0;
    const tools = new ToolSet({ limiter: new ConcurrencyLimiter({ maxConcurrent: 4, maxQueue: 16 }) }).add(
      testTool('work', async () => {
        running += 1;
        peak = Math.max(peak, running);
        await wait;
        running -= 1;
        return 'ok';
      }),
    );
    const calls = Array.from({ length: 200 }, () => tools.call('work', '{}'));
    await eventually(() => running === 4);
    open();
    const results = await Promise.all(calls);
    expect(peak).toBe(4);
    expect(results.filter((result) => result.ok)).toHaveLength(20);
    expect(
      results.filter((result) => !result.ok && result.error.kind === 'concurrency_limited'),
    ).toHaveLength(180);
  });
});
