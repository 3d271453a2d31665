import { createCallContext } from '../../src/context/create-call-context';
import type { ErasedTool } from '../../src/invoke/erased-tool';
import { resultFromOutput } from '../../src/result/result-from-output';
import { NO_HOST_RESULTS } from '../../src/result/tool-result';
import type { ProgressItem } from '../../src/stream/progress-item';
import type { ToolStream } from '../../src/stream/tool-stream';
import type { ToolStreamItem } from '../../src/stream/tool-stream-item';
import { ToolSet } from '../../src/toolset/tool-set';
import { errorOf, eventually, never, testTool } from './test-tool';

// Hand-written erased tools: the contract is theirs to break, which is the point.
function handWritten(name: string, items: (ctx: { callId: string }) => AsyncIterable<unknown>): ErasedTool {
  return {
    definition: testTool(name, () => undefined).definition,
    execute: (_raw, ctx) => items(ctx) as ToolStream,
  };
}

const text = (value: string): ProgressItem => ({ type: 'progress', kind: 'text', text: value });
const terminal = (value: unknown, callId: string): ToolStreamItem => ({
  type: 'terminal',
  result: resultFromOutput(value, {
    toolName: 'remote',
    callId,
    durationMs: 0,
    hostResults: NO_HOST_RESULTS,
  }),
});

describe('the stream contract', () => {
  it('reports stream_no_terminal when a stream ends without a terminal, keeping its progress (F6)', async () => {
    const tools = new ToolSet().add(
      handWritten('remote', async function* () {
        yield text('connecting');
        yield text('fetching');
      }),
    );
    const seen: ProgressItem[] = [];
    const result = await tools.call('remote', '{}', { onProgress: (item) => seen.push(item) });
    expect(seen).toEqual([text('connecting'), text('fetching')]);
    expect(errorOf(result).kind).toBe('stream_no_terminal');
    expect(result.content).toEqual([
      { type: 'text', text: 'remote stopped without returning a result. Try again or use another approach.' },
    ]);
    expect(errorOf(result).details).toMatchObject({
      progressCount: 2,
      lastProgress: [text('connecting'), text('fetching')],
    });
  });

  it('drops items after the terminal and emits the result once (F7)', async () => {
    const tools = new ToolSet().add(
      handWritten('remote', async function* (ctx) {
        yield text('working');
        yield terminal('first', ctx.callId);
        yield text('late progress');
        yield terminal('second', ctx.callId);
      }),
    );
    const seen: ProgressItem[] = [];
    const result = await tools.call('remote', '{}', { onProgress: (item) => seen.push(item) });
    expect(result.ok && result.value).toBe('first');
    expect(seen).toEqual([text('working')]);
  });

  it('turns a stream that throws midway into a typed failure (F8)', async () => {
    const tools = new ToolSet().add(
      handWritten('remote', async function* () {
        yield text('working');
        throw new TypeError('socket hang up');
      }),
    );
    const result = await tools.call('remote', '{}');
    expect(errorOf(result).kind).toBe('execution_failed');
    expect(JSON.stringify(result.content)).not.toContain('socket');
  });

  it('aborts the signal and closes the tool when the consumer stops iterating (F8)', async () => {
    let signal: AbortSignal | undefined;
    let closed = false;
    let producedAfterStop = 0;
    let stopped = false;
    const tools = new ToolSet().add(
      testTool('tail_log', async function* (_args, ctx) {
        signal = ctx.signal;
        try {
          for (let line = 1; ; line++) {
            if (stopped) producedAfterStop += 1;
            yield `line ${line}`;
          }
        } finally {
          closed = true;
        }
      }),
    );
    const received: ToolStreamItem[] = [];
    for await (const item of tools.execute('tail_log', '{}', createCallContext({ toolName: 'tail_log' }))) {
      received.push(item);
      if (received.length === 3) {
        stopped = true;
        break;
      }
    }
    await eventually(() => closed);
    expect(signal?.aborted).toBe(true);
    expect(received.map((item) => item.type)).toEqual(['progress', 'progress', 'progress']);
    expect(producedAfterStop).toBe(0);
  });

  it('aborts the signal of a tool waiting on something when the consumer stops', async () => {
    let signal: AbortSignal | undefined;
    const tools = new ToolSet().add(
      testTool('wait', async function* (_args, ctx) {
        signal = ctx.signal;
        yield 'waiting';
        await never();
      }),
    );
    const iterator = tools
      .execute('wait', '{}', createCallContext({ toolName: 'wait' }))
      [Symbol.asyncIterator]();
    expect((await iterator.next()).value).toEqual(text('waiting'));
    await iterator.return?.();
    expect(signal?.aborted).toBe(true);
  });

  it('gives exactly one terminal, last, for every kind of tool', async () => {
    const tools = new ToolSet()
      .add(testTool('plain', () => 'value'))
      .add(testTool('plain_fast', () => 'value', { streaming: false }))
      .add(
        testTool('streaming', async function* () {
          yield 'a';
          return 'value';
        }),
      )
      .add(
        testTool('failing', () => {
          throw new Error('x');
        }),
      );
    for (const name of tools.names()) {
      const items: ToolStreamItem[] = [];
      for await (const item of tools.execute(name, '{}', createCallContext({ toolName: name })))
        items.push(item);
      expect(items.filter((item) => item.type === 'terminal')).toHaveLength(1);
      expect(items.at(-1)?.type).toBe('terminal');
    }
  });
});
