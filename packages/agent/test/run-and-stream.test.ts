import {
  Agent,
  repairNearMissNames,
  retryWithErrorFeedback,
  chainRecovery,
  type AgentOptions,
  type AgentRunResult,
} from '../src';
import { ScriptedModelClient, type ScriptStep } from '../src/testing';
import { collect } from './support/drive';
import { notesTools } from './support/fixture-tools';

interface Conversation {
  readonly name: string;
  readonly script: readonly ScriptStep[];
  readonly options?: Partial<AgentOptions>;
  readonly maxTurns?: number;
}

const CONVERSATIONS: readonly Conversation[] = [
  { name: 'a plain answer', script: [{ text: 'Hello there.', chunkSize: 3 }] },
  {
    name: 'reads, a write and a streaming tool in one turn',
    script: [
      {
        text: 'Let me look.',
        toolCalls: [
          { name: 'slow_read', arguments: { name: 'todo' } },
          { name: 'read_note', arguments: { name: 'todo' } },
          { name: 'write_note', arguments: { name: 'done', text: 'milk' } },
          { name: 'count', arguments: { steps: 3 } },
        ],
      },
      { text: 'All done.' },
    ],
  },
  {
    name: 'every recovery action',
    script: [
      {
        toolCalls: [
          { name: 'raed_note', arguments: { name: 'todo' } },
          { name: 'read_note', arguments: '{"name":' },
        ],
      },
      { toolCalls: [{ name: 'qqq' }] },
      { text: 'Recovered.' },
    ],
    options: { hooks: { onInvalidCall: chainRecovery(repairNearMissNames(), retryWithErrorFeedback()) } },
  },
  {
    name: 'a tool error and a missing note',
    script: [
      { toolCalls: [{ name: 'read_note', arguments: { name: 'nothing' } }] },
      { text: 'No such note.' },
    ],
  },
  {
    name: 'running out of turns',
    script: [
      { toolCalls: [{ name: 'list_notes' }] },
      { toolCalls: [{ name: 'list_notes' }] },
      { text: 'never' },
    ],
    maxTurns: 2,
  },
  {
    name: 'a stop from the hook',
    script: [{ toolCalls: [{ name: 'rm_rf' }, { name: 'list_notes' }] }],
    options: { hooks: { onInvalidCall: () => ({ action: 'stop', reason: 'dangerous' }) } },
  },
];

async function play(conversation: Conversation, path: 'run' | 'stream'): Promise<AgentRunResult> {
  const { tools } = notesTools({ holdMs: 5 });
  const model = new ScriptedModelClient(conversation.script);
  const agent = new Agent({ model, tools, maxTurns: conversation.maxTurns, ...conversation.options });
  return path === 'run' ? agent.run('start') : (await collect(agent.stream('start'))).result;
}

// What must be equal: everything the model saw and everything the host gets, minus timings.
function comparable(result: AgentRunResult): unknown {
  return {
    text: result.text,
    stopReason: result.stopReason,
    reason: result.reason,
    turns: result.turns,
    usage: result.usage,
    messages: result.messages,
    toolResults: result.toolResults.map((call) => ({
      turn: call.turn,
      call: call.call,
      repairedFrom: call.repairedFrom,
      status: call.status,
      content: call.content,
      error: call.error?.modelText,
      recovery: call.recovery,
    })),
  };
}

describe('agent.run and agent.stream', () => {
  it.each(CONVERSATIONS.map((conversation) => [conversation.name, conversation] as const))(
    'give identical transcripts and results for %s',
    async (_name, conversation) => {
      const blocking = await play(conversation, 'run');
      const streamed = await play(conversation, 'stream');
      expect(comparable(streamed)).toEqual(comparable(blocking));
      expect(blocking.messages.length).toBeGreaterThan(1);
    },
  );

  it('stream yields the text deltas, tool calls, live progress and results that make up the run', async () => {
    const { tools } = notesTools();
    const model = new ScriptedModelClient([
      { text: 'Counting.', chunkSize: 4, toolCalls: [{ name: 'count', arguments: { steps: 2 } }] },
      { text: 'Done.' },
    ]);
    const { events, result } = await collect(new Agent({ model, tools }).stream('count to two'));

    const summary = events.map((event) => {
      switch (event.type) {
        case 'text-delta':
          return `text:${event.text}`;
        case 'tool-call':
          return `call:${event.call.name}`;
        case 'tool-progress':
          return `progress:${event.item.kind === 'text' ? event.item.text : event.item.kind}`;
        case 'tool-result':
          return `result:${event.result.status}`;
        default:
          return event.type;
      }
    });
    expect(summary).toEqual([
      'turn-start',
      'text:Coun',
      'text:ting',
      'text:.',
      'call:count',
      'progress:step 1 of 2',
      'progress:step 2 of 2',
      'result:ok',
      'turn-finish',
      'turn-start',
      'text:Done.',
      'turn-finish',
      'done',
    ]);
    expect(result.text).toBe('Done.');
  });

  it('sends one snapshot version per turn, and the definitions from its cache', async () => {
    const { tools } = notesTools();
    const model = new ScriptedModelClient([{ toolCalls: [{ name: 'list_notes' }] }, { text: 'ok' }]);
    await new Agent({ model, tools }).run('go');

    expect(model.requests[0]!.tools).toBe(tools.snapshot().definitions('openai'));
    expect(model.requests[1]!.tools).toBe(model.requests[0]!.tools);
  });

  it('takes a new snapshot each turn from a handle, and keeps a fixed snapshot when given one', async () => {
    const { tools } = notesTools();
    const fixed = tools.snapshot();
    const script = () =>
      new ScriptedModelClient([
        () => {
          tools.remove('write_note');
          return { toolCalls: [{ name: 'list_notes' }] };
        },
        { text: 'ok' },
      ]);
    const names = (client: ScriptedModelClient, turn: number): string[] =>
      client.requests[turn]!.tools.map((tool) => (tool as { function: { name: string } }).function.name);

    const live = script();
    const { events } = await collect(new Agent({ model: live, tools, toolChoice: 'required' }).stream('go'));
    expect(events.filter((event) => event.type === 'turn-start').map((event) => event.toolsVersion)).toEqual([
      1, 2,
    ]);
    expect(names(live, 0)).toContain('write_note');
    expect(names(live, 1)).not.toContain('write_note');
    expect(live.requests[0]!.toolChoice).toBe('required');

    const pinned = script();
    await new Agent({ model: pinned, tools: fixed }).run('go');
    expect(names(pinned, 1)).toContain('write_note');
  });

  it('continues a transcript given as messages', async () => {
    const { tools } = notesTools();
    const model = new ScriptedModelClient([{ text: 'Still milk.' }]);
    const first = await new Agent({ model: new ScriptedModelClient([{ text: 'Milk.' }]), tools }).run(
      'todo?',
    );
    const second = await new Agent({ model, tools }).run([
      ...first.messages,
      { role: 'user', content: 'and now?' },
    ]);

    expect(second.messages.map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
    ]);
    expect(model.requests[0]!.messages).toHaveLength(3);
  });
});
