import 'reflect-metadata';
import { Param, Tool } from '@toolwright/core';
import { ToolRegistry } from '@toolwright/registry';
import { Agent } from '../src';
import { ScriptedModelClient } from '../src/testing';
import { RUN_PATHS } from './support/drive';

interface Span {
  readonly call: string;
  readonly start: number;
  end: number;
}

/**
 * A workspace of in-memory files whose tools record a span per call. `started(label)` resolves
 * when that call has started, so a call can wait for another to be running at the same time: if
 * the two were run one after the other, the wait would never end, and the deadline says so.
 */
function workspace(files: Record<string, string>) {
  const contents = new Map(Object.entries(files));
  const spans: Span[] = [];
  const waiters = new Map<string, (() => void)[]>();
  const begin = (call: string): Span => {
    const span: Span = { call, start: performance.now(), end: Number.NaN };
    spans.push(span);
    for (const wake of waiters.get(call) ?? []) wake();
    waiters.delete(call);
    return span;
  };
  const started = (call: string, deadlineMs = 2000): Promise<void> => {
    if (spans.some((span) => span.call === call)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${call} did not start while the other call ran`)),
        deadlineMs,
      );
      const list = waiters.get(call) ?? [];
      list.push(() => {
        clearTimeout(timer);
        resolve();
      });
      waiters.set(call, list);
    });
  };
  const fileOf = (path: string): string => path.replace(/^\.\//, '');
  const partner: Record<string, string> = { 'write a': 'write b', 'write b': 'write a' };

  class ReadArgs {
    @Param({ description: 'A file' })
    path!: string;
  }
  class WriteArgs {
    @Param({ description: 'A file' })
    path!: string;
    @Param({ description: 'Its new text' })
    content!: string;
  }

  class Files {
    @Tool({ name: 'read_file', description: 'Reads a file.', kind: 'read', readOnly: true })
    async read(args: ReadArgs): Promise<string> {
      const span = begin(`read ${args.path}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      span.end = performance.now();
      return contents.get(fileOf(args.path)) ?? '(none)';
    }

    @Tool({ name: 'write_file', description: 'Writes a file.', kind: 'write' })
    async write(args: WriteArgs): Promise<string> {
      const call = `write ${args.path}`;
      const span = begin(call);
      // Each write waits for the write of the other file to be running too.
      const other = partner[call];
      if (other !== undefined) await started(other);
      await new Promise((resolve) => setTimeout(resolve, 30));
      contents.set(fileOf(args.path), args.content);
      span.end = performance.now();
      return 'written';
    }
  }

  const tools = new ToolRegistry().toolset('native', [Files]).finalize();
  const span = (call: string): Span => {
    const found = spans.filter((entry) => entry.call === call);
    if (found.length !== 1) throw new Error(`${call} ran ${found.length} times`);
    return found[0]!;
  };
  return { tools, spans, span };
}

describe.each(RUN_PATHS)('per-path locks in a turn, through %s', (_path, runAgent) => {
  it('runs [write a, read a, write b, read b]: a in order, b in order, a beside b', async () => {
    const { tools, span } = workspace({ a: 'old a', b: 'old b' });
    const model = new ScriptedModelClient([
      {
        toolCalls: [
          { name: 'write_file', arguments: { path: 'a', content: 'new a' } },
          { name: 'read_file', arguments: { path: 'a' } },
          { name: 'write_file', arguments: { path: 'b', content: 'new b' } },
          { name: 'read_file', arguments: { path: './b' } },
        ],
      },
      { text: 'done' },
    ]);
    const result = await runAgent(new Agent({ model, tools }), 'update both');

    expect(result.toolResults.map((call) => call.status)).toEqual(['ok', 'ok', 'ok', 'ok']);
    const writeA = span('write a');
    const readA = span('read a');
    const writeB = span('write b');
    const readB = span('read ./b');
    // Each read starts once the write of its file is done, and reads what it wrote.
    expect(readA.start).toBeGreaterThanOrEqual(writeA.end);
    expect(readB.start).toBeGreaterThanOrEqual(writeB.end);
    expect(result.toolResults[1]!.content).toEqual([{ type: 'text', text: 'new a' }]);
    expect(result.toolResults[3]!.content).toEqual([{ type: 'text', text: 'new b' }]);
    // The two writes overlapped (each waited for the other to start).
    expect(writeB.start).toBeLessThan(writeA.end);
    expect(writeA.start).toBeLessThan(writeB.end);
    // The results stay in the model's order.
    expect(result.messages.filter((message) => message.role === 'tool').map((m) => m.toolCallId)).toEqual(
      result.toolResults.map((call) => call.call.id),
    );
  });

  it('runs two writes of one file one after the other, in the model’s order', async () => {
    const { tools, spans } = workspace({});
    const model = new ScriptedModelClient([
      {
        toolCalls: [
          { name: 'write_file', arguments: { path: 'c', content: 'first' } },
          { name: 'write_file', arguments: { path: './c', content: 'second' } },
          { name: 'read_file', arguments: { path: 'c' } },
        ],
      },
      { text: 'done' },
    ]);
    const result = await runAgent(new Agent({ model, tools }), 'write twice');

    const [first, second, read] = spans;
    expect(second!.start).toBeGreaterThanOrEqual(first!.end);
    expect(read!.start).toBeGreaterThanOrEqual(second!.end);
    expect(result.toolResults[2]!.content).toEqual([{ type: 'text', text: 'second' }]);
  });

  it('keeps every call of the turn in order with concurrentReadOnly: false', async () => {
    const { tools, spans } = workspace({});
    const model = new ScriptedModelClient([
      {
        toolCalls: [
          { name: 'write_file', arguments: { path: 'x', content: '1' } },
          { name: 'write_file', arguments: { path: 'y', content: '2' } },
          { name: 'read_file', arguments: { path: 'z' } },
        ],
      },
      { text: 'done' },
    ]);
    await runAgent(new Agent({ model, tools, concurrentReadOnly: false }), 'in order');

    for (let index = 1; index < spans.length; index++)
      expect(spans[index]!.start).toBeGreaterThanOrEqual(spans[index - 1]!.end);
  });
});
