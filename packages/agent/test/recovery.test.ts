import { allow, deny, ToolRegistry } from '@toolwright/registry';
import {
  Agent,
  chainRecovery,
  repairNearMissNames,
  retryWithErrorFeedback,
  type InvalidToolCall,
  type RecoveryAction,
  type ToolMessage,
} from '../src';
import { ScriptedModelClient } from '../src/testing';
import { collect, firstText, RUN_PATHS } from './support/drive';
import { notesTools } from './support/fixture-tools';

function toolMessages(messages: readonly { role: string }[]): ToolMessage[] {
  return messages.filter((message): message is ToolMessage => message.role === 'tool');
}

describe.each(RUN_PATHS)('invalid-call recovery through %s', (_path, runAgent) => {
  it('fails an unknown name by default: the error text, with the closest name, goes back as the result', async () => {
    const { tools } = notesTools();
    const model = new ScriptedModelClient([
      { toolCalls: [{ name: 'raed_note', arguments: { name: 'todo' } }] },
      { text: 'Sorry.' },
    ]);
    const result = await runAgent(new Agent({ model, tools }), 'read my todo');

    expect(result.stopReason).toBe('completed');
    expect(result.toolResults).toHaveLength(1);
    const [failed] = result.toolResults;
    expect(failed!.status).toBe('failed');
    expect(failed!.recovery).toEqual({ action: 'fail' });
    expect(failed!.error?.kind).toBe('not_found');
    expect(firstText(failed!.content)).toMatch(
      /^Unknown tool 'raed_note'\. Did you mean 'read_note'\? Available: read_note, /,
    );
    // The model read exactly that on its next turn.
    const sent = toolMessages(model.requests[1]!.messages);
    expect(sent).toEqual([
      {
        role: 'tool',
        toolCallId: 'call_1_1',
        toolName: 'raed_note',
        content: failed!.content,
        isError: true,
      },
    ]);
  });

  it('sends undecodable arguments to the hook as invalid_arguments, malformed JSON included', async () => {
    const { tools, log } = notesTools();
    const seen: InvalidToolCall[] = [];
    const model = new ScriptedModelClient([
      {
        toolCalls: [
          { name: 'read_note', arguments: '{"name": "todo"' },
          { name: 'read_note', arguments: { name: 5 } },
        ],
      },
      { text: 'ok' },
    ]);
    const agent = new Agent({ model, tools, hooks: { onInvalidCall: (invalid) => void seen.push(invalid) } });
    const result = await runAgent(agent, 'go');

    expect(seen.map((invalid) => [invalid.reason, invalid.call.id])).toEqual([
      ['invalid_arguments', 'call_1_1'],
      ['invalid_arguments', 'call_1_2'],
    ]);
    expect(seen[0]!.error.modelText).toMatch(/JSON/);
    expect(seen[1]!.error.modelText).toMatch(/name/);
    expect(result.toolResults.map((call) => call.status)).toEqual(['failed', 'failed']);
    expect(log.calls).toEqual([]);
  });

  it('retry sends the feedback instead of the error, and the model corrects itself next turn', async () => {
    const { tools } = notesTools();
    const model = new ScriptedModelClient([
      { toolCalls: [{ name: 'read_note', arguments: { title: 'todo' } }] },
      { toolCalls: [{ name: 'read_note', arguments: { name: 'todo' } }] },
      { text: 'Your todo: buy milk.' },
    ]);
    const agent = new Agent({ model, tools, hooks: { onInvalidCall: retryWithErrorFeedback() } });
    const result = await runAgent(agent, 'read my todo');

    expect(result.stopReason).toBe('completed');
    expect(result.turns).toBe(3);
    expect(result.toolResults.map((call) => call.status)).toEqual(['retry', 'ok']);
    const feedback = firstText(result.toolResults[0]!.content);
    expect(feedback).toContain(result.toolResults[0]!.error!.modelText);
    expect(feedback).toMatch(/Correct the call and send it again \(retry 1 of 2\)\.$/);
    expect(firstText(toolMessages(model.requests[1]!.messages)[0]!.content)).toBe(feedback);
    expect(result.text).toBe('Your todo: buy milk.');
  });

  it('retries consume the turn budget: a model that never gets it right ends at maxTurns', async () => {
    const { tools } = notesTools();
    const wrong = { toolCalls: [{ name: 'read_note', arguments: { title: 'todo' } }] };
    const model = new ScriptedModelClient([wrong, wrong, wrong, wrong]);
    const agent = new Agent({
      model,
      tools,
      maxTurns: 3,
      hooks: { onInvalidCall: retryWithErrorFeedback({ maxRetries: 10 }) },
    });
    const result = await runAgent(agent, 'read my todo');

    expect(result.stopReason).toBe('max_turns');
    expect(result.turns).toBe(3);
    expect(model.requests).toHaveLength(3);
    expect(result.toolResults.map((call) => call.status)).toEqual(['retry', 'retry', 'retry']);
    expect(result.reason).toMatch(/all 3 turns \(maxTurns\)/);
  });

  it('repair re-dispatches under the fixed name, and the transcript shows the call as it ran', async () => {
    const { tools, log } = notesTools();
    const model = new ScriptedModelClient([
      { toolCalls: [{ name: 'raed_note', arguments: { name: 'todo' } }] },
      { text: 'Your todo: buy milk.' },
    ]);
    const agent = new Agent({
      model,
      tools,
      hooks: { onInvalidCall: repairNearMissNames({ maxDistance: 2 }) },
    });
    const result = await runAgent(agent, 'read my todo');

    expect(log.calls).toEqual(['read_note:todo']);
    const [repaired] = result.toolResults;
    expect(repaired).toMatchObject({
      status: 'ok',
      repairedFrom: 'raed_note',
      call: { id: 'call_1_1', name: 'read_note' },
    });
    expect(firstText(repaired!.content)).toBe('buy milk');
    const assistant = model.requests[1]!.messages[1];
    expect(assistant).toEqual({
      role: 'assistant',
      content: '',
      toolCalls: [{ id: 'call_1_1', name: 'read_note', arguments: '{"name":"todo"}' }],
    });
    expect(toolMessages(model.requests[1]!.messages)[0]).toMatchObject({
      toolName: 'read_note',
      isError: false,
    });
  });

  it('repair can change the arguments too, after a failed decode', async () => {
    const { tools } = notesTools();
    const model = new ScriptedModelClient([
      { toolCalls: [{ name: 'read_note', arguments: { title: 'todo' } }] },
      { text: 'ok' },
    ]);
    const onInvalidCall = (invalid: InvalidToolCall): RecoveryAction | undefined => {
      if (invalid.reason !== 'invalid_arguments') return undefined;
      const { title } = JSON.parse(invalid.call.arguments) as { title: string };
      return { action: 'repair', toolName: 'read_note', arguments: JSON.stringify({ name: title }) };
    };
    const result = await runAgent(new Agent({ model, tools, hooks: { onInvalidCall } }), 'go');

    expect(result.toolResults[0]).toMatchObject({ status: 'ok', call: { arguments: '{"name":"todo"}' } });
    expect(result.toolResults[0]!.repairedFrom).toBe('read_note');
  });

  it('repair gives up after two attempts on one call, so hooks cannot loop', async () => {
    const { tools } = notesTools();
    const model = new ScriptedModelClient([{ toolCalls: [{ name: 'nope' }] }, { text: 'ok' }]);
    let asked = 0;
    const onInvalidCall = (): RecoveryAction => {
      asked++;
      return { action: 'repair', toolName: `nope${asked}` };
    };
    const result = await runAgent(new Agent({ model, tools, hooks: { onInvalidCall } }), 'go');

    expect(asked).toBe(3);
    expect(result.toolResults[0]).toMatchObject({
      status: 'failed',
      repairedFrom: 'nope',
      call: { name: 'nope2' },
    });
  });

  it('skip leaves the call unrun and tells the model why', async () => {
    const { tools } = notesTools();
    const model = new ScriptedModelClient([
      { toolCalls: [{ name: 'raed_note', arguments: { name: 'todo' } }] },
      { text: 'ok' },
    ]);
    const agent = new Agent({
      model,
      tools,
      hooks: { onInvalidCall: () => ({ action: 'skip', reason: 'that tool is not available today.' }) },
    });
    const result = await runAgent(agent, 'go');

    expect(result.toolResults[0]).toMatchObject({ status: 'skipped', recovery: { action: 'skip' } });
    expect(toolMessages(model.requests[1]!.messages)[0]).toEqual({
      role: 'tool',
      toolCallId: 'call_1_1',
      toolName: 'raed_note',
      content: [{ type: 'text', text: 'raed_note was not run: that tool is not available today.' }],
      isError: false,
    });
  });

  it('stop ends the run with the reason; later calls of the turn do not run and no model request follows', async () => {
    const { tools, log } = notesTools();
    const model = new ScriptedModelClient([
      {
        toolCalls: [
          { name: 'delete_everything' },
          { name: 'write_note', arguments: { name: 'a', text: 'b' } },
        ],
      },
      { text: 'never' },
    ]);
    const agent = new Agent({
      model,
      tools,
      hooks: {
        onInvalidCall: (invalid) => ({ action: 'stop', reason: `the model asked for ${invalid.call.name}` }),
      },
    });
    const result = await runAgent(agent, 'go');

    expect(result.stopReason).toBe('stopped');
    expect(result.reason).toBe('The recovery hook stopped the run: the model asked for delete_everything');
    expect(model.requests).toHaveLength(1);
    expect(log.calls).toEqual([]);
    expect(result.toolResults.map((call) => call.status)).toEqual(['failed', 'not_run']);
    // The transcript stays well formed: every call has its result.
    expect(toolMessages(result.messages).map((message) => message.toolCallId)).toEqual([
      'call_1_1',
      'call_1_2',
    ]);
  });

  it('sends a call the guard denies to the hook as denied', async () => {
    const { tools: base } = notesTools();
    const guarded = new ToolRegistry()
      .tool(base.get('write_note')!.erased)
      .tool(base.get('read_note')!.erased)
      .guard((call) => (call.toolName === 'write_note' ? deny('this session is read-only.') : allow()))
      .finalize();
    const seen: InvalidToolCall[] = [];
    const model = new ScriptedModelClient([
      { toolCalls: [{ name: 'write_note', arguments: { name: 'a', text: 'b' } }] },
      { text: 'ok' },
    ]);
    const result = await runAgent(
      new Agent({ model, tools: guarded, hooks: { onInvalidCall: (invalid) => void seen.push(invalid) } }),
      'go',
    );

    expect(seen.map((invalid) => invalid.reason)).toEqual(['denied']);
    expect(firstText(result.toolResults[0]!.content)).toBe(
      'write_note was not run: this session is read-only.',
    );
  });

  it('treats a registered tool outside allowedTools as disallowed, and never reveals it', async () => {
    const { tools, log } = notesTools();
    const seen: InvalidToolCall[] = [];
    const model = new ScriptedModelClient([
      { toolCalls: [{ name: 'write_note', arguments: { name: 'a', text: 'b' } }] },
      { text: 'ok' },
    ]);
    const agent = new Agent({
      model,
      tools,
      allowedTools: ['read_note', 'list_notes'],
      hooks: { onInvalidCall: (invalid) => void seen.push(invalid) },
    });
    const result = await runAgent(agent, 'go');

    expect(seen.map((invalid) => [invalid.reason, invalid.availableTools])).toEqual([
      ['disallowed_tool', ['read_note', 'list_notes']],
    ]);
    expect(firstText(result.toolResults[0]!.content)).toBe(
      "Unknown tool 'write_note'. Available: read_note, list_notes.",
    );
    expect(
      model.requests[0]!.tools.map((tool) => (tool as { function: { name: string } }).function.name),
    ).toEqual(['read_note', 'list_notes']);
    expect(log.calls).toEqual([]);
  });

  it('chains hooks: the first with an opinion wins', async () => {
    const { tools } = notesTools();
    const model = new ScriptedModelClient([
      { toolCalls: [{ name: 'raed_note', arguments: { name: 'todo' } }, { name: 'zzz' }] },
      { text: 'ok' },
    ]);
    const onInvalidCall = chainRecovery(repairNearMissNames(), retryWithErrorFeedback());
    const result = await runAgent(new Agent({ model, tools, hooks: { onInvalidCall } }), 'go');

    expect(result.toolResults.map((call) => call.status)).toEqual(['ok', 'retry']);
  });

  it('ends the run with stopReason error when a hook throws, keeping the transcript well formed', async () => {
    const { tools } = notesTools();
    const model = new ScriptedModelClient([{ toolCalls: [{ name: 'raed_note' }] }]);
    const agent = new Agent({
      model,
      tools,
      hooks: {
        onInvalidCall: () => {
          throw new Error('hook bug');
        },
      },
    });
    const result = await runAgent(agent, 'go');

    expect(result.stopReason).toBe('error');
    expect(result.reason).toBe('A hook failed: hook bug');
    expect(toolMessages(result.messages).map((message) => message.toolCallId)).toEqual(['call_1_1']);
    expect(result.error).toBeInstanceOf(Error);
    expect(result.error?.message).toBe('hook bug');
  });

  it('keeps a thrown non-Error value as the cause of a typed result.error', async () => {
    const { tools } = notesTools();
    const model = new ScriptedModelClient([{ toolCalls: [{ name: 'raed_note' }] }]);
    const agent = new Agent({
      model,
      tools,
      hooks: {
        onInvalidCall: () => {
          throw 'no recovery today';
        },
      },
    });
    const result = await runAgent(agent, 'go');

    expect(result.stopReason).toBe('error');
    const error: Error | undefined = result.error;
    expect(error).toBeInstanceOf(Error);
    expect(error?.message).toBe('The run failed with a thrown non-Error value: "no recovery today"');
    expect(error?.cause).toBe('no recovery today');
  });
});

describe('the streaming path', () => {
  it('announces each recovery as an invalid-call event before the tool result', async () => {
    const { tools } = notesTools();
    const model = new ScriptedModelClient([
      { toolCalls: [{ name: 'raed_note', arguments: { name: 'todo' } }] },
      { text: 'ok' },
    ]);
    const agent = new Agent({ model, tools, hooks: { onInvalidCall: repairNearMissNames() } });
    const { events } = await collect(agent.stream('go'));

    expect(events.map((event) => event.type)).toEqual([
      'turn-start',
      'invalid-call',
      'tool-call',
      'tool-result',
      'turn-finish',
      'turn-start',
      'text-delta',
      'turn-finish',
      'done',
    ]);
    const invalid = events[1];
    expect(invalid).toMatchObject({
      type: 'invalid-call',
      invalid: { reason: 'unknown_tool', call: { name: 'raed_note' } },
      action: { action: 'repair', toolName: 'read_note' },
    });
  });
});
