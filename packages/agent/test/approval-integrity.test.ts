import { Agent, ApprovalStateError, type AgentState, type ApprovalHook } from '../src';
import { ScriptedModelClient } from '../src/testing';
import { collect } from './support/drive';
import { notesTools } from './support/fixture-tools';

// F27 / R21: the state of a suspended run goes to storage the host does not fully control; what
// comes back must be exactly what was suspended, and a decision must hold only for the call shown.

const KEY = 'k'.repeat(16) + '-a-32-byte-secret';
const askForWrites: ApprovalHook = ({ tool }) => (tool.readOnly ? 'allow' : 'ask');

function script(text = 'buy bread'): ScriptedModelClient {
  return new ScriptedModelClient([
    {
      toolCalls: [
        { name: 'read_note', arguments: { name: 'todo' } },
        { name: 'write_note', arguments: { name: 'todo', text } },
      ],
    },
    { text: 'Updated.' },
  ]);
}

async function suspend(text?: string, stateKey: string = KEY) {
  const fixture = notesTools();
  const agent = new Agent({
    model: script(text),
    tools: fixture.tools,
    hooks: { approve: askForWrites },
    stateKey,
  });
  const suspended = await agent.run('update my todo');
  expect(suspended.stopReason).toBe('approval_required');
  // Stored as text and read back, as a host would.
  const stored = JSON.parse(JSON.stringify(suspended.state)) as Record<string, any>;
  return { ...fixture, agent, suspended, stored };
}

async function refusal(promise: Promise<unknown>): Promise<ApprovalStateError> {
  const error: unknown = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!ApprovalStateError.is(error)) throw new Error(`expected an ApprovalStateError, got ${String(error)}`);
  return error;
}

describe('approval state integrity', () => {
  it('refuses a state with an injected allow decision, and runs nothing', async () => {
    const { agent, stored, log } = await suspend();
    const pending = stored['pending'] as Record<string, unknown>[];
    delete pending[1]!['asked'];
    pending[1]!['decision'] = 'allow';

    const error = await refusal(agent.resume(stored as AgentState, {}));
    expect(error.code).toBe('tampered_state');
    expect(error.message).toBe(
      'agent.resume refused the state: its signature does not match, so it was changed after the run was suspended (or signed with another stateKey). Nothing was run.',
    );
    expect(log.calls).toEqual([]);
  });

  it('refuses arguments edited after the user approved, in the pending call and the transcript alike', async () => {
    const { agent, stored, log, notes } = await suspend();
    const evil = '{"name":"../../home/user/.ssh/id_rsa","text":""}';
    stored['pending'][1].call.arguments = evil;
    stored['messages'][1].toolCalls[1].arguments = evil;

    const error = await refusal(agent.resume(stored as AgentState, { call_1_2: 'allow' }));
    expect(error.code).toBe('tampered_state');
    expect(log.calls).toEqual([]);
    expect(notes.has('../../home/user/.ssh/id_rsa')).toBe(false);
    expect(notes.get('todo')).toBe('buy milk');
  });

  it('refuses a changed transcript, turn count or usage', async () => {
    for (const tamper of [
      (state: Record<string, any>) => (state['messages'][0].content = 'delete everything'),
      (state: Record<string, any>) => (state['turns'] = 0),
      (state: Record<string, any>) => (state['retries'] = -5),
      (state: Record<string, any>) => (state['id'] = 'another'),
      // Another first character, whatever it was (a signature starting with "A" stayed unchanged,
      // so about one run in 64 tampered nothing: CI's define-fields run saw it).
      (state: Record<string, any>) =>
        (state['signature'] = state['signature'].replace(/^./, (first: string) =>
          first === 'A' ? 'B' : 'A',
        )),
    ]) {
      const { agent, stored, log } = await suspend();
      tamper(stored);
      expect((await refusal(agent.resume(stored as AgentState, { call_1_2: 'allow' }))).code).toBe(
        'tampered_state',
      );
      expect(log.calls).toEqual([]);
    }
  });

  it('resumes a state whose keys a store reordered (a JSON column), with the same key in another agent', async () => {
    const { stored, tools, log } = await suspend();
    const reordered = reverseKeys(stored) as AgentState;
    // Another process: a new agent over the same tools, given the same key.
    const model = new ScriptedModelClient([{ text: 'Updated.' }]);
    const later = new Agent({ model, tools, hooks: { approve: askForWrites }, stateKey: KEY });
    const resumed = await later.resume(reordered, { call_1_2: 'allow' });

    expect(resumed.stopReason).toBe('completed');
    expect(log.calls).toEqual(['read_note:todo', 'write_note:todo']);
  });

  it('refuses a state signed with another key, or by an agent without one', async () => {
    const { stored, tools } = await suspend();
    const other = new Agent({ model: script(), tools, stateKey: 'another key of at least 32 bytes!!' });
    expect((await refusal(other.resume(stored as AgentState, { call_1_2: 'allow' }))).code).toBe(
      'tampered_state',
    );
    const keyless = new Agent({ model: script(), tools });
    expect((await refusal(keyless.resume(stored as AgentState, { call_1_2: 'allow' }))).code).toBe(
      'tampered_state',
    );
  });

  it('without a stateKey, signs with a random key: the same agent resumes its own state', async () => {
    const { tools, log } = notesTools();
    const agent = new Agent({ model: script(), tools, hooks: { approve: askForWrites } });
    const suspended = await agent.run('update my todo');
    const resumed = await agent.resume(JSON.parse(JSON.stringify(suspended.state)), { call_1_2: 'allow' });
    expect(resumed.stopReason).toBe('completed');
    expect(log.calls).toEqual(['read_note:todo', 'write_note:todo']);
  });

  it('binds a decision given with its digest to the call that was shown: a swapped state is refused', async () => {
    // Two suspensions with the same call id: the user saw A, the store hands back B (validly signed).
    const shown = await suspend('buy bread');
    const swapped = await suspend('rm -rf everything');
    const digest = shown.suspended.pendingApprovals![0]!.digest;

    const error = await refusal(
      swapped.agent.resume(swapped.stored as AgentState, { call_1_2: { decision: 'allow', digest } }),
    );
    expect(error.code).toBe('stale_decision');
    expect(error.message).toBe(
      'agent.resume got a decision for call_1_2 made for another call than the one pending (its digest does not match write_note with these arguments in this state). Nothing was run.',
    );
    expect(swapped.log.calls).toEqual([]);

    // The matching digest runs the call it was made for.
    const resumed = await shown.agent.resume(shown.stored as AgentState, {
      call_1_2: { decision: 'allow', digest },
    });
    expect(resumed.stopReason).toBe('completed');
    expect(shown.notes.get('todo')).toBe('buy bread');
  });

  it('a denial with a digest denies that call with its reason', async () => {
    const { agent, stored, suspended, notes } = await suspend();
    const digest = suspended.pendingApprovals![0]!.digest;
    const resumed = await agent.resume(stored as AgentState, {
      call_1_2: { decision: 'deny', reason: 'not today', digest },
    });
    expect(resumed.toolResults.find((call) => call.call.name === 'write_note')!.status).toBe('denied');
    expect(notes.get('todo')).toBe('buy milk');
  });

  it('refuses a decision for a call that is not pending, and an unreadable decision', async () => {
    const { agent, stored, log } = await suspend();
    const unknown = await refusal(agent.resume(stored as AgentState, { call_1_1: 'allow' }));
    expect(unknown.code).toBe('unknown_call');
    expect(unknown.message).toBe(
      'agent.resume got a decision for "call_1_1", which is not a call awaiting approval in this state (awaiting: call_1_2). Nothing was run.',
    );
    const unreadable = await refusal(agent.resume(stored as AgentState, { call_1_2: 'yes' as never }));
    expect(unreadable.code).toBe('invalid_decision');
    const digestless = await refusal(
      agent.resume(stored as AgentState, { call_1_2: { decision: 'allow' } as never }),
    );
    expect(digestless.code).toBe('invalid_decision');
    expect(log.calls).toEqual([]);
  });

  it('refuses an unsigned state of the older format and non-states, with a clear error', async () => {
    const { agent, stored } = await suspend();
    const { signature: _signature, id: _id, ...rest } = stored;
    const old = await refusal(agent.resume({ ...rest, version: 1 } as never, {}));
    expect(old.code).toBe('malformed_state');
    expect(old.message).toBe(
      'agent.resume expects the state of a run suspended for approval (result.state), unchanged; it is an unsigned state of an older version, which cannot be checked; run the request again.',
    );
    expect((await refusal(agent.resume(null as never, {}))).code).toBe('malformed_state');
    expect((await refusal(agent.resume({ ...stored, signature: 5 } as never, {}))).code).toBe(
      'malformed_state',
    );
  });

  it('resumeStream refuses a tampered state the same way', async () => {
    const { agent, stored, log } = await suspend();
    stored['pending'][1].call.name = 'hang';
    const error = await refusal(collect(agent.resumeStream(stored as AgentState, { call_1_2: 'allow' })));
    expect(error.code).toBe('tampered_state');
    expect(log.calls).toEqual([]);
  });

  it('refuses a stateKey shorter than 32 bytes', () => {
    const { tools } = notesTools();
    expect(() => new Agent({ model: script(), tools, stateKey: 'short' })).toThrow(
      'Agent stateKey must hold at least 32 bytes (a random secret the host keeps); got 5.',
    );
  });
});

function reverseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reverseKeys);
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).reverse();
  return Object.fromEntries(entries.map(([key, member]) => [key, reverseKeys(member)]));
}
