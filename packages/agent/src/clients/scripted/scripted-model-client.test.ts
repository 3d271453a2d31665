import { collectModelResponse } from '../../model/collect-model-response';
import type { ModelEvent } from '../../model/model-event';
import { ScriptedModelClient } from './scripted-model-client';

const REQUEST = { messages: [{ role: 'user' as const, content: 'hi' }], tools: [] };

describe('ScriptedModelClient', () => {
  it('streams each turn as a real client would: text pieces, call start, arguments, call, finish', async () => {
    const client = new ScriptedModelClient([
      {
        text: 'abcde',
        chunkSize: 2,
        toolCalls: [{ name: 'grep', arguments: { pattern: 'x' } }],
        usage: { inputTokens: 1, outputTokens: 2, totalTokens: 3 },
      },
    ]);
    const events: ModelEvent[] = [];
    for await (const event of client.stream(REQUEST)) events.push(event);
    expect(events).toEqual([
      { type: 'text-delta', text: 'ab' },
      { type: 'text-delta', text: 'cd' },
      { type: 'text-delta', text: 'e' },
      { type: 'tool-call-start', index: 0, id: 'call_1_1', name: 'grep' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"pattern":"x"}' },
      { type: 'tool-call', index: 0, id: 'call_1_1', name: 'grep', arguments: '{"pattern":"x"}' },
      {
        type: 'finish',
        finishReason: 'tool_calls',
        usage: { inputTokens: 1, outputTokens: 2, totalTokens: 3 },
      },
    ]);
  });

  it('computes a turn from the request when given a function, and records requests', async () => {
    const client = new ScriptedModelClient([
      (request, turn) => ({ text: `turn ${turn}: ${request.messages.length} message(s)` }),
    ]);
    const response = await collectModelResponse(client.stream(REQUEST));
    expect(response.text).toBe('turn 1: 1 message(s)');
    expect(client.requests).toEqual([{ messages: REQUEST.messages, tools: [] }]);
  });

  it('fails clearly when the script runs out', async () => {
    const client = new ScriptedModelClient([{ text: 'only' }]);
    await collectModelResponse(client.stream(REQUEST));
    await expect(collectModelResponse(client.stream(REQUEST))).rejects.toThrow(
      'The script has 1 turn(s); the agent asked for turn 2. Add a turn, or check why the agent did not stop.',
    );
  });

  it('starts over with loop: true', async () => {
    const client = new ScriptedModelClient([{ text: 'a' }, { text: 'b' }], { loop: true, record: false });
    const texts: string[] = [];
    for (let turn = 0; turn < 3; turn++)
      texts.push((await collectModelResponse(client.stream(REQUEST))).text);
    expect(texts).toEqual(['a', 'b', 'a']);
    expect(client.requests).toEqual([]);
  });
});
