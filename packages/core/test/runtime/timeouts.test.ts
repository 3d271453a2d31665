import { createCallContext } from '../../src/context/create-call-context';
import { createErasedTool } from '../../src/invoke/create-erased-tool';
import { detachedCallCount } from '../../src/invoke/detached-call-count';
import { drainToTerminal } from '../../src/stream/drain-to-terminal';
import { ToolSet } from '../../src/toolset/tool-set';
import { errorOf, eventually, never, sleep, testTool } from './test-tool';

// Short deadlines with generous upper bounds: the assertions hold on a loaded 2-core machine.
const TIMEOUT_MS = 30;
const GRACE_MS = 30;
const PROMPT_MS = 1000;

describe('per-call deadlines (R11)', () => {
  it('returns timeout at the deadline for a tool that never resolves, and aborts its signal (F3)', async () => {
    let signal: AbortSignal | undefined;
    const tools = new ToolSet().add(
      testTool(
        'hang',
        (_args, ctx) => {
          signal = ctx.signal;
          return never();
        },
        { limits: { timeoutMs: TIMEOUT_MS, graceMs: GRACE_MS } },
      ),
    );
    const startedAt = Date.now();
    const result = await tools.call('hang', '{}');
    const elapsed = Date.now() - startedAt;
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 5);
    expect(elapsed).toBeLessThan(PROMPT_MS);
    expect(errorOf(result).kind).toBe('timeout');
    expect(result.content).toEqual([
      {
        type: 'text',
        text: 'hang did not finish within 30 ms and was stopped. Try again, or ask for less work in one call.',
      },
    ]);
    expect(result.meta.detached).toBe(true);
    expect(signal?.aborted).toBe(true);
  });

  it('drops a late result (F3)', async () => {
    let finished = false;
    const tools = new ToolSet().add(
      testTool(
        'slow',
        async () => {
          await sleep(TIMEOUT_MS * 3);
          finished = true;
          return 'too late';
        },
        { limits: { timeoutMs: TIMEOUT_MS, graceMs: 1000 } },
      ),
    );
    const result = await tools.call('slow', '{}');
    expect(errorOf(result).kind).toBe('timeout');
    await eventually(() => finished);
    expect(result.ok).toBe(false);
  });

  it('counts a tool that ignores its signal past the grace period as detached (F4)', async () => {
    const before = detachedCallCount();
    const tools = new ToolSet().add(
      testTool('stubborn', () => never(), { limits: { timeoutMs: TIMEOUT_MS, graceMs: GRACE_MS } }),
    );
    const result = await tools.call('stubborn', '{}');
    expect(errorOf(result).kind).toBe('timeout');
    await eventually(() => detachedCallCount() === before + 1);
  });

  it('does not count a tool that stops when its signal fires', async () => {
    const tools = new ToolSet().add(
      testTool(
        'polite',
        (_args, ctx) =>
          new Promise((_resolve, reject) =>
            ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason as Error)),
          ),
        { limits: { timeoutMs: TIMEOUT_MS, graceMs: 200 } },
      ),
    );
    const before = detachedCallCount();
    expect(errorOf(await tools.call('polite', '{}')).kind).toBe('timeout');
    await sleep(300);
    expect(detachedCallCount()).toBe(before);
  });

  it('stops a streaming tool that hangs between items', async () => {
    const tools = new ToolSet().add(
      testTool(
        'stream_hang',
        async function* () {
          yield 'first';
          await never();
        },
        { limits: { timeoutMs: TIMEOUT_MS, graceMs: GRACE_MS } },
      ),
    );
    const progress: unknown[] = [];
    const result = await tools.call('stream_hang', '{}', { onProgress: (item) => progress.push(item) });
    expect(errorOf(result).kind).toBe('timeout');
    expect(progress).toEqual([{ type: 'progress', kind: 'text', text: 'first' }]);
  });

  it("takes the definition's timeoutMs when no limit is given", async () => {
    const tools = new ToolSet().add(
      createErasedTool({
        definition: { name: 'hang', description: 'Hangs.', timeoutMs: TIMEOUT_MS },
        decode: () => ({}),
        invoke: () => never(),
        limits: { graceMs: GRACE_MS },
      }),
    );
    expect(errorOf(await tools.call('hang', '{}')).kind).toBe('timeout');
  });
});

describe('external cancellation', () => {
  it('ends as cancelled promptly even when the tool ignores its signal', async () => {
    const controller = new AbortController();
    const tools = new ToolSet().add(testTool('stubborn', () => never(), { limits: { graceMs: GRACE_MS } }));
    const pending = tools.call('stubborn', '{}', { signal: controller.signal });
    await sleep(10);
    const abortedAt = Date.now();
    controller.abort();
    const result = await pending;
    expect(Date.now() - abortedAt).toBeLessThan(PROMPT_MS);
    expect(errorOf(result).kind).toBe('cancelled');
    expect(result.content).toEqual([
      { type: 'text', text: 'The call to stubborn was cancelled before it finished.' },
    ]);
    expect(result.meta.detached).toBe(true);
  });

  it('aborts the signal of a streaming tool that is cancelled', async () => {
    const controller = new AbortController();
    let signal: AbortSignal | undefined;
    const tools = new ToolSet().add(
      testTool('watch', async function* (_args, ctx) {
        signal = ctx.signal;
        yield 'watching';
        await never();
      }),
    );
    const ctx = createCallContext({ toolName: 'watch', signal: controller.signal });
    const pending = drainToTerminal(tools.execute('watch', '{}', ctx), () => controller.abort());
    const result = await pending;
    expect(errorOf(result).kind).toBe('cancelled');
    expect(signal?.aborted).toBe(true);
  });
});
