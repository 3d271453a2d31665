import {
  Agent,
  AnthropicMessagesClient,
  chainRecovery,
  OpenAiChatClient,
  repairNearMissNames,
  retryWithErrorFeedback,
  type AgentRunResult,
  type InvalidCallHook,
} from '../../src';
import { ScriptedModelClient } from '../../src/testing';
import { notesTools, SessionToken as Session } from '../support/fixture-tools';

// The snippets of docs/agent.md; `tools` is a finalized registry (test/support/fixture-tools.ts).
describe('docs/agent.md', () => {
  it('runs the loop to an answer', async () => {
    const { tools } = notesTools();
    const session = { user: 'ann', token: 'sk-session-42' };
    const model = new ScriptedModelClient([
      { toolCalls: [{ name: 'raed_note', arguments: { name: 'todo' } }] },
      { text: 'Your todo: buy milk.' },
    ]);
    // #region run
    const agent = new Agent({
      model, // OpenAiChatClient, AnthropicMessagesClient or ScriptedModelClient
      tools, // registry.finalize(): each turn holds one snapshot of it
      system: 'You keep the user’s notes.',
      maxTurns: 8,
      hooks: {
        onInvalidCall: chainRecovery(repairNearMissNames({ maxDistance: 2 }), retryWithErrorFeedback()),
      },
    });
    const result = await agent.run('What is on my todo list?', { extensions: [[Session, session]] });
    // result.text         'Your todo: buy milk.'
    // result.stopReason   'completed'
    // result.toolResults  [{ call: { name: 'read_note', … }, repairedFrom: 'raed_note', status: 'ok', … }]
    // #endregion
    expect(result.text).toBe('Your todo: buy milk.');
    expect(result.stopReason).toBe('completed');
    expect(result.toolResults[0]).toMatchObject({
      call: { name: 'read_note' },
      repairedFrom: 'raed_note',
      status: 'ok',
    });
  });

  it('streams the same run', async () => {
    const { tools } = notesTools();
    const model = new ScriptedModelClient([
      { toolCalls: [{ name: 'count', arguments: { steps: 2 } }] },
      { text: 'Done.' },
    ]);
    const agent = new Agent({ model, tools });
    const lines: string[] = [];
    const print = (line: string): void => void lines.push(line);
    let final: AgentRunResult | undefined;
    // #region stream
    for await (const event of agent.stream('Count to two.')) {
      switch (event.type) {
        case 'text-delta':
          print(event.text);
          break;
        case 'tool-call':
          print(`→ ${event.call.name} ${event.call.arguments}`);
          break;
        case 'tool-progress':
          if (event.item.kind === 'text') print(`  │ ${event.item.text}`);
          break;
        case 'tool-result':
          print(`  ${event.result.status}`);
          break;
        case 'done':
          final = event.result; // the object agent.run would have returned
          break;
      }
    }
    // #endregion
    expect(lines).toEqual(['→ count {"steps":2}', '  │ step 1 of 2', '  │ step 2 of 2', '  ok', 'Done.']);
    expect(final?.stopReason).toBe('completed');
  });

  it('builds the clients', () => {
    // #region clients
    // Any OpenAI-compatible server; without options: OPENAI_BASE_URL, OPENAI_API_KEY, OPENAI_MODEL.
    const local = new OpenAiChatClient({ baseUrl: 'http://127.0.0.1:11434/v1', model: 'qwen2.5-coder:7b' });
    const strict = new OpenAiChatClient({ model: 'gpt-4.1', strict: true, timeoutMs: 30_000, maxRetries: 4 });
    // Anthropic; without options: ANTHROPIC_BASE_URL, ANTHROPIC_API_KEY, ANTHROPIC_MODEL.
    const claude = new AnthropicMessagesClient({ model: 'claude-sonnet-4-5', maxTokens: 2048 });
    // @toolwright/agent/testing: replays a conversation, for tests and offline demos.
    const scripted = new ScriptedModelClient([
      { text: 'Reading.', toolCalls: [{ name: 'read_note', arguments: { name: 'todo' } }] },
      { text: 'Your todo: buy milk.' },
    ]);
    // #endregion
    expect([local.format, strict.format, claude.format, scripted.format]).toEqual([
      'openai',
      'openai-strict',
      'anthropic',
      'openai',
    ]);
  });

  it('writes a recovery hook of its own', async () => {
    const { tools } = notesTools();
    const model = new ScriptedModelClient([
      { toolCalls: [{ name: 'read_note', arguments: { title: 'todo' } }, { name: 'drop_table' }] },
      { text: 'ok' },
    ]);
    // #region custom-hook
    const onInvalidCall: InvalidCallHook = (invalid) => {
      switch (invalid.reason) {
        case 'unknown_tool':
          return invalid.call.name.startsWith('drop_')
            ? { action: 'stop', reason: `the model asked for ${invalid.call.name}` }
            : { action: 'skip', reason: 'there is no such tool; use one of the tools listed.' };
        case 'invalid_arguments':
          return { action: 'retry', feedback: `${invalid.error.modelText} Send the call again.` };
        default:
          return undefined; // 'fail': the error's model text goes back as the result
      }
    };
    // #endregion
    const result = await new Agent({ model, tools, hooks: { onInvalidCall } }).run('go');
    expect(result.stopReason).toBe('stopped');
    // Names are checked before anything runs: the stop comes first, so read_note never runs.
    expect(result.toolResults.map((call) => call.status)).toEqual(['not_run', 'failed']);
  });

  it('suspends for approval and resumes', async () => {
    const { tools, notes } = notesTools();
    const model = new ScriptedModelClient([
      { toolCalls: [{ name: 'write_note', arguments: { name: 'todo', text: 'buy bread' } }] },
      { text: 'Updated.' },
    ]);
    const store = new Map<string, string>();
    const env = { AGENT_STATE_KEY: 'a random secret of at least 32 bytes' };
    // #region approval
    const agent = new Agent({
      model,
      tools,
      hooks: { approve: ({ tool }) => (tool.readOnly ? 'allow' : 'ask') },
      stateKey: env.AGENT_STATE_KEY, // signs result.state (HMAC-SHA256); resume refuses what it did not sign
    });
    const suspended = await agent.run('Change my todo to "buy bread".');
    // suspended.stopReason        'approval_required'
    // suspended.pendingApprovals  [{ callId: 'call_1_1', toolName: 'write_note', arguments: '{"name":"todo",…}', turn: 1, digest: 'Qm9…' }]
    store.set('run-1', JSON.stringify(suspended.state)); // signed JSON: a change anywhere in it is refused

    // Later, perhaps in another process (same stateKey), once the user said yes to what they were shown:
    const shown = suspended.pendingApprovals![0]!;
    const state = JSON.parse(store.get('run-1')!);
    const finished = await agent.resume(state, {
      [shown.callId]: { decision: 'allow', digest: shown.digest }, // or 'allow', or { decision: 'deny', reason: '…' }
    });
    // #endregion
    expect(suspended.stopReason).toBe('approval_required');
    expect(finished.text).toBe('Updated.');
    expect(notes.get('todo')).toBe('buy bread');
  });
});
