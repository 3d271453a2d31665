import { Agent } from '../src';
import { ScriptedModelClient } from '../src/testing';
import { RUN_PATHS } from './support/drive';
import { notesTools, type ToolLog } from './support/fixture-tools';

function span(log: ToolLog, name: string): { start: number; end: number } {
  const found = log.spans.find((entry) => entry.name === name);
  if (found === undefined) throw new Error(`${name} did not run`);
  return found;
}

describe.each(RUN_PATHS)('tool execution through %s', (_path, runAgent) => {
  it('runs the read-only calls of one turn at the same time', async () => {
    // Each read waits until all three are running; run one by one, each would wait out the 3 s hold.
    const { tools, log } = notesTools({ barrier: 3, holdMs: 3000 });
    const model = new ScriptedModelClient([
      { toolCalls: ['a', 'b', 'c'].map((name) => ({ name: 'slow_read', arguments: { name } })) },
      { text: 'ok' },
    ]);
    const started = performance.now();
    const result = await runAgent(new Agent({ model, tools }), 'read three');

    expect(log.maxActive).toBe(3);
    expect(performance.now() - started).toBeLessThan(2500);
    expect(result.toolResults.map((call) => call.call.arguments)).toEqual([
      '{"name":"a"}',
      '{"name":"b"}',
      '{"name":"c"}',
    ]);
  });

  it('runs writing calls one at a time, in the order the model gave', async () => {
    const { tools, log, notes } = notesTools({ holdMs: 20 });
    const model = new ScriptedModelClient([
      {
        toolCalls: ['x', 'y', 'z'].map((name, index) => ({
          name: 'slow_write',
          arguments: { name: 'same', text: `${name}${index}` },
        })),
      },
      { text: 'ok' },
    ]);
    await runAgent(new Agent({ model, tools }), 'write three');

    expect(log.maxActive).toBe(1);
    expect(log.calls).toEqual(['slow_write:same', 'slow_write:same', 'slow_write:same']);
    for (let index = 1; index < log.spans.length; index++) {
      expect(log.spans[index]!.start).toBeGreaterThanOrEqual(log.spans[index - 1]!.end);
    }
    expect(notes.get('same')).toBe('z2');
  });

  it('keeps the order around a write: reads before it together, reads after it only once it is done', async () => {
    const { tools, log } = notesTools({ barrier: 2, holdMs: 300 });
    const model = new ScriptedModelClient([
      {
        toolCalls: [
          { name: 'slow_read', arguments: { name: 'a' } },
          { name: 'slow_read', arguments: { name: 'b' } },
          { name: 'slow_write', arguments: { name: 'c', text: 'new' } },
          { name: 'slow_read', arguments: { name: 'c' } },
        ],
      },
      { text: 'ok' },
    ]);
    const result = await runAgent(new Agent({ model, tools }), 'mixed');

    const a = span(log, 'slow_read:a');
    const b = span(log, 'slow_read:b');
    const write = span(log, 'slow_write:c');
    const after = span(log, 'slow_read:c');
    expect(Math.max(a.start, b.start)).toBeLessThan(Math.min(a.end, b.end));
    expect(write.start).toBeGreaterThanOrEqual(Math.max(a.end, b.end));
    expect(after.start).toBeGreaterThanOrEqual(write.end);
    // The read after the write sees the write.
    expect(result.toolResults[3]!.content).toEqual([{ type: 'text', text: 'new' }]);
  });

  it('runs reads one by one with concurrentReadOnly: false', async () => {
    const { tools, log } = notesTools({ holdMs: 20 });
    const model = new ScriptedModelClient([
      { toolCalls: ['a', 'b'].map((name) => ({ name: 'slow_read', arguments: { name } })) },
      { text: 'ok' },
    ]);
    await runAgent(new Agent({ model, tools, concurrentReadOnly: false }), 'read two');

    expect(log.maxActive).toBe(1);
  });
});
