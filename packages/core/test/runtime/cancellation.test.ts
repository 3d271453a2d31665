import { EventEmitter } from 'node:events';
import { ToolSet } from '../../src/toolset/tool-set';
import { errorOf, never, sleep, testTool } from './test-tool';

describe('cancellation', () => {
  it('does not decode or run anything when the signal is already aborted (F11)', async () => {
    let decoded = false;
    let ran = false;
    const tools = new ToolSet().add(
      testTool(
        'write_file',
        () => {
          ran = true;
        },
        {
          decode: () => {
            decoded = true;
            return {};
          },
        },
      ),
    );
    const controller = new AbortController();
    controller.abort();
    const result = await tools.call('write_file', '{}', { signal: controller.signal });
    expect(decoded).toBe(false);
    expect(ran).toBe(false);
    expect(errorOf(result).kind).toBe('cancelled');
    expect(result.content).toEqual([
      { type: 'text', text: 'The call to write_file was cancelled before it started.' },
    ]);
  });

  it('treats a cancel after completion as a no-op (F11)', async () => {
    let signalAtEnd: AbortSignal | undefined;
    const tools = new ToolSet().add(
      testTool('read_file', (_args, ctx) => {
        signalAtEnd = ctx.signal;
        return 'contents';
      }),
    );
    const controller = new AbortController();
    const result = await tools.call('read_file', '{}', { signal: controller.signal });
    controller.abort();
    await sleep(10);
    expect(result.ok && result.value).toBe('contents');
    expect(signalAtEnd?.aborted).toBe(false);
  });

  it('cancels a call waiting for a concurrency slot', async () => {
    const tools = new ToolSet().add(
      testTool('busy', () => never(), { limits: { concurrency: 1, queue: 1, graceMs: 20 } }),
    );
    const first = new AbortController();
    const second = new AbortController();
    const running = tools.call('busy', '{}', { signal: first.signal });
    const waiting = tools.call('busy', '{}', { signal: second.signal });
    await sleep(10);
    second.abort();
    expect(errorOf(await waiting).kind).toBe('cancelled');
    expect((await waiting).meta.detached).toBeUndefined();
    first.abort();
    expect(errorOf(await running).kind).toBe('cancelled');
  });

  it('does not keep a listener on a long-lived host signal after each call', async () => {
    const tools = new ToolSet().add(testTool('stubborn', () => sleep(1).then(() => 'ok')));
    const controller = new AbortController();
    for (let index = 0; index < 50; index++)
      expect((await tools.call('stubborn', '{}', { signal: controller.signal })).ok).toBe(true);
    expect(EventEmitter.getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });
});
