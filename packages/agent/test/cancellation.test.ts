import { Agent } from '../src';
import { ScriptedModelClient } from '../src/testing';
import { collect, RUN_PATHS } from './support/drive';
import { notesTools } from './support/fixture-tools';

describe.each(RUN_PATHS)('cancellation through %s', (_path, runAgent) => {
  it('cancels a tool call in flight: the run ends as cancelled, the tool sees its signal fire', async () => {
    const { tools, log } = notesTools();
    const model = new ScriptedModelClient([
      { toolCalls: [{ name: 'hang' }, { name: 'list_notes' }] },
      { text: 'never' },
    ]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const started = performance.now();
    const result = await runAgent(new Agent({ model, tools }), 'go', { signal: controller.signal });

    expect(performance.now() - started).toBeLessThan(2000);
    expect(result.stopReason).toBe('cancelled');
    expect(result.reason).toBe('The run was cancelled: its AbortSignal fired.');
    expect(log.aborted).toBe(1);
    expect(result.toolResults.map((call) => [call.call.name, call.status, call.error?.kind])).toEqual([
      ['hang', 'failed', 'cancelled'],
      ['list_notes', 'not_run', undefined],
    ]);
    expect(model.requests).toHaveLength(1);
  });

  it('cancels a model response mid-stream', async () => {
    const { tools } = notesTools();
    const model = new ScriptedModelClient([
      { text: 'a long answer that streams slowly', chunkSize: 2, chunkDelayMs: 20 },
    ]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 70);
    const result = await runAgent(new Agent({ model, tools }), 'go', { signal: controller.signal });

    expect(result.stopReason).toBe('cancelled');
    expect(result.messages).toHaveLength(1);
  });

  it('does not start when the signal has already fired', async () => {
    const { tools } = notesTools();
    const model = new ScriptedModelClient([{ text: 'never' }]);
    const result = await runAgent(new Agent({ model, tools }), 'go', { signal: AbortSignal.abort() });

    expect(result.stopReason).toBe('cancelled');
    expect(model.requests).toHaveLength(0);
  });

  it('stops a call at toolTimeoutMs and sends the model a timeout', async () => {
    const { tools, log } = notesTools();
    const model = new ScriptedModelClient([{ toolCalls: [{ name: 'hang' }] }, { text: 'It timed out.' }]);
    const result = await runAgent(new Agent({ model, tools, toolTimeoutMs: 50 }), 'go');

    expect(result.stopReason).toBe('completed');
    expect(log.aborted).toBe(1);
    expect(result.toolResults[0]).toMatchObject({ status: 'failed', error: { kind: 'timeout' } });
    expect(result.toolResults[0]!.content).toEqual([
      {
        type: 'text',
        text: 'hang did not finish within 50 ms and was stopped. Try again, or ask for less work in one call.',
      },
    ]);
  });
});

describe('a stream consumer that stops reading', () => {
  it('cancels the tool calls still in flight', async () => {
    const { tools, log } = notesTools();
    const model = new ScriptedModelClient([{ toolCalls: [{ name: 'hang' }] }, { text: 'never' }]);
    for await (const event of new Agent({ model, tools }).stream('go')) {
      if (event.type === 'tool-call') break;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(log.aborted).toBe(1);
  });

  it('gets the cancelled result as the done event when it aborts mid-stream', async () => {
    const { tools } = notesTools();
    const model = new ScriptedModelClient([{ text: 'slowly, slowly', chunkSize: 1, chunkDelayMs: 10 }]);
    const controller = new AbortController();
    const events: string[] = [];
    for await (const event of new Agent({ model, tools }).stream('go', { signal: controller.signal })) {
      events.push(event.type);
      if (event.type === 'text-delta' && events.filter((type) => type === 'text-delta').length === 3)
        controller.abort();
    }
    expect(events.filter((type) => type === 'text-delta')).toHaveLength(3);
    expect(events.at(-1)).toBe('done');
  });
});

describe('maxTurns', () => {
  it('ends the run with a clear reason when the model keeps calling tools', async () => {
    const { tools } = notesTools();
    const model = new ScriptedModelClient([{ toolCalls: [{ name: 'list_notes' }] }], { loop: true });
    const { result } = await collect(new Agent({ model, tools, maxTurns: 4 }).stream('loop'));

    expect(result.stopReason).toBe('max_turns');
    expect(result.turns).toBe(4);
    expect(model.requests).toHaveLength(4);
    expect(result.toolResults).toHaveLength(4);
    expect(result.reason).toBe(
      'The run used all 4 turns (maxTurns) before the model gave a final answer; the last tool results were not sent to the model. Raise maxTurns, or continue with agent.run(result.messages).',
    );
  });

  it('can be set per run', async () => {
    const { tools } = notesTools();
    const model = new ScriptedModelClient([{ toolCalls: [{ name: 'list_notes' }] }], { loop: true });
    const result = await new Agent({ model, tools, maxTurns: 10 }).run('loop', { maxTurns: 1 });
    expect(result).toMatchObject({ stopReason: 'max_turns', turns: 1 });
  });

  it('is checked when the agent is built', () => {
    const { tools } = notesTools();
    const model = new ScriptedModelClient([]);
    expect(() => new Agent({ model, tools, maxTurns: 0 })).toThrow(
      'Agent maxTurns must be a whole number of at least 1; got 0.',
    );
  });
});
