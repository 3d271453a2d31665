import { ToolError } from '../errors/tool-error';
import { resultFromOutput } from '../result/result-from-output';
import { NO_HOST_RESULTS, type ToolResult } from '../result/tool-result';
import { drainToTerminal } from './drain-to-terminal';
import type { ProgressItem } from './progress-item';
import { ToolStream } from './tool-stream';
import type { ToolStreamItem } from './tool-stream-item';

const meta = { toolName: 'index', callId: 'call_1', durationMs: 0, hostResults: NO_HOST_RESULTS };
const done = (value: unknown): ToolResult => resultFromOutput(value, meta);
const progress = (text: string): ProgressItem => ({ type: 'progress', kind: 'text', text });

function handWritten(items: readonly unknown[]): AsyncIterable<ToolStreamItem> {
  return {
    async *[Symbol.asyncIterator]() {
      for (const item of items) yield item as ToolStreamItem;
    },
  };
}

async function collect(stream: AsyncIterable<ToolStreamItem>): Promise<ToolStreamItem[]> {
  const items: ToolStreamItem[] = [];
  for await (const item of stream) items.push(item);
  return items;
}

function errorOf(result: ToolResult): ToolError {
  if (result.ok) throw new Error('expected a failure');
  return result.error;
}

describe('ToolStream.terminalOnly', () => {
  it('yields exactly one terminal', async () => {
    const items = await collect(ToolStream.terminalOnly(() => done('ok')));
    expect(items).toEqual([{ type: 'terminal', result: done('ok') }]);
  });

  it('turns a throw or rejection into a failure result', async () => {
    const thrown = await drainToTerminal(
      ToolStream.terminalOnly(
        () => {
          throw new Error('secret');
        },
        { toolName: 'index' },
      ),
    );
    expect(errorOf(thrown).kind).toBe('execution_failed');
    expect(thrown.content).toEqual([
      {
        type: 'text',
        text: 'index failed while running; the host has the details. Try another approach or different arguments.',
      },
    ]);
    const rejected = await drainToTerminal(
      ToolStream.terminalOnly(() => Promise.reject(ToolError.conflict('Changed.'))),
    );
    expect(errorOf(rejected).kind).toBe('conflict');
  });

  it('is single-use: a second consumption fails instead of running again', async () => {
    let runs = 0;
    const stream = ToolStream.terminalOnly(() => {
      runs += 1;
      return done(runs);
    });
    expect((await drainToTerminal(stream)).ok).toBe(true);
    const again = await drainToTerminal(stream);
    expect(errorOf(again).kind).toBe('internal');
    expect(runs).toBe(1);
  });
});

describe('ToolStream.withProgress', () => {
  it('yields progress, then the returned result as the terminal', async () => {
    const stream = ToolStream.withProgress(async function* () {
      yield progress('1 of 2');
      yield progress('2 of 2');
      return done('indexed');
    });
    const items = await collect(stream);
    expect(items.map((item) => item.type)).toEqual(['progress', 'progress', 'terminal']);
  });

  it('closes the generator when the consumer stops early', async () => {
    let cleanedUp = false;
    const stream = ToolStream.withProgress(async function* () {
      try {
        for (;;) yield progress('tick');
      } finally {
        cleanedUp = true;
      }
    });
    for await (const item of stream) {
      expect(item.type).toBe('progress');
      break;
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(cleanedUp).toBe(true);
  });

  it('reports stream_no_terminal when the generator returns something that is not a result', async () => {
    const stream = ToolStream.withProgress(async function* () {
      return 'not a result' as unknown as ToolResult;
    });
    expect(errorOf(await drainToTerminal(stream)).kind).toBe('stream_no_terminal');
  });
});

describe('drainToTerminal', () => {
  it('passes progress to the listener and resolves with the terminal result', async () => {
    const seen: string[] = [];
    const result = await drainToTerminal(
      ToolStream.withProgress(async function* () {
        yield progress('a');
        yield progress('b');
        return done('c');
      }),
      (item) => seen.push(item.kind === 'text' ? item.text : '?'),
    );
    expect(seen).toEqual(['a', 'b']);
    expect(result.ok && result.value).toBe('c');
  });

  it('reports stream_no_terminal and keeps the progress count and last items (F6)', async () => {
    const items = Array.from({ length: 7 }, (_, index) => progress(`step ${index + 1}`));
    const result = await drainToTerminal(handWritten(items), undefined, {
      toolName: 'index',
      callId: 'call_9',
    });
    const error = errorOf(result);
    expect(error.kind).toBe('stream_no_terminal');
    expect(result.content).toEqual([
      { type: 'text', text: 'index stopped without returning a result. Try again or use another approach.' },
    ]);
    expect(result.meta.callId).toBe('call_9');
    expect(error.details).toEqual({
      reason: 'the stream ended without a terminal item',
      progressCount: 7,
      lastProgress: items.slice(2),
      droppedItems: 0,
    });
  });

  it('drops everything after the terminal and does not read further (F7)', async () => {
    let readAfterTerminal = false;
    const stream: AsyncIterable<ToolStreamItem> = {
      async *[Symbol.asyncIterator]() {
        yield { type: 'terminal', result: done('first') };
        readAfterTerminal = true;
        yield progress('late');
        yield { type: 'terminal', result: done('second') };
      },
    };
    const seen: ProgressItem[] = [];
    const result = await drainToTerminal(stream, (item) => seen.push(item));
    expect(result.ok && result.value).toBe('first');
    expect(seen).toEqual([]);
    expect(readAfterTerminal).toBe(false);
  });

  it('turns a stream that throws midway into a typed failure (F8)', async () => {
    const stream: AsyncIterable<ToolStreamItem> = {
      async *[Symbol.asyncIterator]() {
        yield progress('working');
        throw ToolError.network('The API connection dropped. Try again.');
      },
    };
    const result = await drainToTerminal(stream);
    expect(errorOf(result).kind).toBe('network');
    expect(result.content).toEqual([{ type: 'text', text: 'The API connection dropped. Try again.' }]);
  });

  it('tolerates a progress listener that throws or rejects', async () => {
    const stream = ToolStream.withProgress(async function* () {
      yield progress('a');
      return done('ok');
    });
    const result = await drainToTerminal(stream, () => {
      throw new Error('display broke');
    });
    expect(result.ok).toBe(true);
    const viaIteration = await drainToTerminal(
      handWritten([progress('a'), { type: 'terminal', result: done('ok') }]),
      () => Promise.reject(new Error('async display broke')),
    );
    expect(viaIteration.ok).toBe(true);
  });

  it('drops malformed items from hand-written streams and counts them', async () => {
    const result = await drainToTerminal(
      handWritten([
        null,
        'text',
        { type: 'progress', kind: 'text' },
        { type: 'progress', kind: 'content', content: { type: 'image' } },
        { type: 'terminal', result: { ok: 'yes' } },
        progress('valid'),
      ]),
    );
    expect(errorOf(result).details).toMatchObject({ progressCount: 1, droppedItems: 5 });
  });

  it('accepts a terminal carrying an error instead of a result', async () => {
    const result = await drainToTerminal(
      handWritten([{ type: 'terminal', error: ToolError.unavailable('Server down.') }]),
    );
    expect(errorOf(result).kind).toBe('unavailable');
  });

  it('repairs a terminal result with missing meta and empty content', async () => {
    const result = await drainToTerminal(
      handWritten([{ type: 'terminal', result: { ok: true, value: 1, content: [] } }]),
      undefined,
      {
        toolName: 'remote_tool',
        callId: 'call_3',
      },
    );
    expect(result).toMatchObject({ ok: true, value: 1, content: [{ type: 'text', text: '(no output)' }] });
    expect(result.meta).toMatchObject({ toolName: 'remote_tool', callId: 'call_3' });
  });

  it('never rejects, even for something that is not a stream', async () => {
    const result = await drainToTerminal(42 as unknown as ToolStream);
    expect(errorOf(result).kind).toBe('stream_no_terminal');
    expect(errorOf(result).details).toEqual({ reason: 'the stream is not an async iterable' });
  });
});
