import { Agent, type AgentState, type ApprovalHook } from '../src';
import { ScriptedModelClient } from '../src/testing';
import { collect, firstText, RUN_PATHS } from './support/drive';
import { notesTools } from './support/fixture-tools';

// Reads run; writes need a human.
const askForWrites: ApprovalHook = ({ tool }) => (tool.readOnly ? 'allow' : 'ask');

function script(): ScriptedModelClient {
  return new ScriptedModelClient([
    {
      toolCalls: [
        { name: 'read_note', arguments: { name: 'todo' } },
        { name: 'write_note', arguments: { name: 'todo', text: 'buy bread' } },
      ],
    },
    { text: 'Updated.' },
  ]);
}

describe.each(RUN_PATHS)('approvals through %s', (_path, runAgent) => {
  it('suspends on ask with a JSON state, runs nothing of that turn, and resumes on allow', async () => {
    const { tools, log, notes } = notesTools();
    const model = script();
    const agent = new Agent({ model, tools, hooks: { approve: askForWrites } });
    const suspended = await runAgent(agent, 'update my todo');

    expect(suspended.stopReason).toBe('approval_required');
    expect(suspended.pendingApprovals).toEqual([
      {
        callId: 'call_1_2',
        toolName: 'write_note',
        arguments: '{"name":"todo","text":"buy bread"}',
        turn: 1,
        digest: expect.stringMatching(/^[\w-]{43}$/),
      },
    ]);
    expect(suspended.reason).toBe(
      '1 tool call(s) await approval: write_note (call_1_2). Continue with agent.resume(result.state, decisions).',
    );
    expect(log.calls).toEqual([]);

    // The state survives a trip through storage.
    const state = JSON.parse(JSON.stringify(suspended.state)) as AgentState;
    const resumed = await agent.resume(state, { call_1_2: 'allow' });

    expect(resumed.stopReason).toBe('completed');
    expect(resumed.text).toBe('Updated.');
    expect(log.calls).toEqual(['read_note:todo', 'write_note:todo']);
    expect(notes.get('todo')).toBe('buy bread');
    expect(resumed.turns).toBe(2);
    expect(resumed.messages.map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'tool',
      'assistant',
    ]);
  });

  it('sends a denial (with the reason) to the model as the result', async () => {
    const { tools, notes } = notesTools();
    const model = script();
    const agent = new Agent({ model, tools, hooks: { approve: askForWrites } });
    const suspended = await runAgent(agent, 'update my todo');
    const resumed = await agent.resume(suspended.state!, {
      call_1_2: { decision: 'deny', reason: 'not today' },
    });

    expect(notes.get('todo')).toBe('buy milk');
    const denied = resumed.toolResults.find((call) => call.call.name === 'write_note')!;
    expect(denied.status).toBe('denied');
    expect(firstText(denied.content)).toBe(
      'write_note was not run: the user did not approve this call: not today',
    );
    expect(denied.error?.kind).toBe('permission_denied');
  });

  it('asks again for a call left without a decision', async () => {
    const { tools } = notesTools();
    const agent = new Agent({ model: script(), tools, hooks: { approve: askForWrites } });
    const first = await runAgent(agent, 'update my todo');
    const second = await agent.resume(first.state!, {});

    expect(second.stopReason).toBe('approval_required');
    expect(second.pendingApprovals!.map((call) => call.callId)).toEqual(['call_1_2']);
  });

  it('applies allow and deny from the hook without suspending', async () => {
    const { tools, log } = notesTools();
    const agent = new Agent({
      model: script(),
      tools,
      hooks: { approve: ({ tool }) => (tool.readOnly ? 'allow' : 'deny') },
    });
    const result = await runAgent(agent, 'update my todo');

    expect(result.stopReason).toBe('completed');
    expect(log.calls).toEqual(['read_note:todo']);
    expect(result.toolResults.map((call) => call.status)).toEqual(['ok', 'denied']);
  });
});

describe('resumeStream', () => {
  it('streams the rest of a suspended run after an approval-required event', async () => {
    const { tools } = notesTools();
    const agent = new Agent({ model: script(), tools, hooks: { approve: askForWrites } });
    const first = await collect(agent.stream('update my todo'));
    expect(first.events.map((event) => event.type)).toEqual(['turn-start', 'approval-required', 'done']);

    const rest = await collect(agent.resumeStream(first.result.state!, { call_1_2: 'allow' }));
    // The read, then the write: a write never overlaps another call.
    expect(rest.events.map((event) => event.type)).toEqual([
      'tool-call',
      'tool-result',
      'tool-call',
      'tool-result',
      'turn-finish',
      'turn-start',
      'text-delta',
      'turn-finish',
      'done',
    ]);
  });
});
