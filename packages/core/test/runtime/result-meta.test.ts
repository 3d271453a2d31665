import { createCallContext } from '../../src/context/create-call-context';
import { createToken } from '../../src/context/token';
import type { ErasedTool } from '../../src/invoke/erased-tool';
import { drainToTerminal } from '../../src/stream/drain-to-terminal';
import type { ToolStream } from '../../src/stream/tool-stream';
import { ToolSet } from '../../src/toolset/tool-set';
import { errorOf, sleep, testTool } from './test-tool';

const Trace = createToken<string>('Trace');

function slowTools(options?: ConstructorParameters<typeof ToolSet>[0]): ToolSet {
  return new ToolSet(options)
    .add(
      testTool('slow', async () => {
        await sleep(30);
        return 'done';
      }),
    )
    .add(testTool('outer', async (_args, ctx) => (await ctx.dispatch('slow', '{}')).meta));
}

describe('result meta', () => {
  it('is not timed unless asked: no durationMs, and the clock is never read', async () => {
    const tools = new ToolSet().add(testTool('quick', async () => 'done'));
    expect((await slowTools().call('slow', '{}')).meta).not.toHaveProperty('durationMs');
    // A call that ends within a few microtasks, so nothing else in the process reads the clock
    // while the spy listens.
    const now = jest.spyOn(performance, 'now');
    try {
      const result = await tools.call('quick', '{}');
      expect(result.ok).toBe(true);
      expect(result.meta).not.toHaveProperty('durationMs');
      expect(now).not.toHaveBeenCalled();
    } finally {
      now.mockRestore();
    }
  });

  it('times the calls of a set made with timing: true, and the tools they dispatch', async () => {
    const result = await slowTools({ timing: true }).call('outer', '{}');
    expect(result.meta.durationMs).toBeGreaterThanOrEqual(25);
    const inner = result.ok ? (result.value as { durationMs?: number }) : undefined;
    expect(inner?.durationMs).toBeGreaterThanOrEqual(25);
    expect(inner?.durationMs).toBeLessThanOrEqual(result.meta.durationMs!);
  });

  it('times one call when the call asks, and not when it opts out of a timed set', async () => {
    const tools = slowTools();
    expect((await tools.call('slow', '{}', { timing: true })).meta.durationMs).toBeGreaterThanOrEqual(25);
    expect(await slowTools({ timing: true }).call('slow', '{}', { timing: false })).toMatchObject({
      meta: expect.not.objectContaining({ durationMs: expect.anything() }),
    });
  });

  it('times failures and streamed calls of a timed context too', async () => {
    const tools = new ToolSet().add(
      testTool('fails', async () => {
        await sleep(30);
        throw new Error('no');
      }),
    );
    const failed = await tools.call('fails', '{}', { timing: true });
    expect(failed.ok).toBe(false);
    expect(failed.meta.durationMs).toBeGreaterThanOrEqual(25);
    const ctx = createCallContext({ toolName: 'fails', timing: true });
    const drained = await drainToTerminal(tools.execute('fails', '{}', ctx));
    expect(drained.meta.durationMs).toBeGreaterThanOrEqual(25);
  });

  it('times the results made up for a broken stream only when the call is timed', async () => {
    // A hand-written tool whose stream ends after 30 ms without a terminal: the set makes up the result.
    const broken: ErasedTool = {
      definition: testTool('remote', () => undefined).definition,
      execute: () =>
        (async function* () {
          await sleep(30);
        })() as unknown as ToolStream,
    };
    const tools = new ToolSet().add(broken);
    const untimed = await tools.call('remote', '{}', { onProgress: () => undefined });
    expect(errorOf(untimed).kind).toBe('stream_no_terminal');
    expect(untimed.meta).not.toHaveProperty('durationMs');
    const timed = await tools.call('remote', '{}', { timing: true });
    expect(errorOf(timed).kind).toBe('stream_no_terminal');
    expect(timed.meta.durationMs).toBeGreaterThanOrEqual(25);
    // A host draining a stream itself says whether the call is timed.
    const drained = await drainToTerminal(broken.execute('{}', createCallContext({ toolName: 'remote' })));
    expect(drained.meta).not.toHaveProperty('durationMs');
  });

  it('names the call, carries its host results, and is the same object on every read', async () => {
    const tools = new ToolSet().add(
      testTool('traced', (_args, ctx) => {
        ctx.setResult(Trace, `trace of ${ctx.callId}`);
        return 'ok';
      }),
    );
    const result = await tools.call('traced', '{}', { callId: 'call_given' });
    expect(result.meta).toEqual({
      toolName: 'traced',
      callId: 'call_given',
      hostResults: new Map([[Trace, 'trace of call_given']]),
    });
    expect(result.meta).toBe(result.meta);
    // A plain copy carries it; a spread copy of the result does not (it lives on the prototype).
    expect(JSON.parse(JSON.stringify(result)).meta).toMatchObject({
      toolName: 'traced',
      callId: 'call_given',
    });
    expect({ ...result }).not.toHaveProperty('meta');
    const { meta } = result;
    expect(meta.callId).toBe('call_given');
  });

  it('gives each call its own id, the one the tool saw, in creation order', async () => {
    const seen: string[] = [];
    const tools = new ToolSet().add(
      testTool('echo', (_args, ctx) => {
        seen.push(ctx.callId);
        return ctx.callId;
      }),
    );
    const first = await tools.call('echo', '{}');
    const second = await tools.call('echo', '{}');
    expect(first.meta.callId).toBe(seen[0]);
    expect(second.meta.callId).toBe(seen[1]);
    const serial = (id: string): number => Number(/_(\d+)$/.exec(id)?.[1]);
    expect(serial(second.meta.callId)).toBeGreaterThan(serial(first.meta.callId));
    expect(first.meta.callId).toMatch(/^call_[0-9a-z]+_\d+$/);
  });
});
