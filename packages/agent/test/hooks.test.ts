import {
  Agent,
  HookAnswerError,
  type AfterCallRequest,
  type AgentMessage,
  type BeforeCallRequest,
  type InvalidToolCall,
  type ToolMessage,
  type TurnRequest,
} from '../src';
import { ScriptedModelClient } from '../src/testing';
import { firstText, RUN_PATHS } from './support/drive';
import { notesTools, SessionToken } from './support/fixture-tools';

function toolMessages(messages: readonly AgentMessage[]): ToolMessage[] {
  return messages.filter((message): message is ToolMessage => message.role === 'tool');
}

function definitionName(definition: unknown): string {
  return (definition as { function: { name: string } }).function.name;
}

describe.each(RUN_PATHS)('agent hooks through %s', (_path, runAgent) => {
  describe('beforeCall', () => {
    it('vetoes a call: it does not run, and the model reads the reason as its result', async () => {
      const { tools, notes, log } = notesTools();
      const seen: BeforeCallRequest[] = [];
      const model = new ScriptedModelClient([
        { toolCalls: [{ name: 'write_note', arguments: { name: 'todo', text: 'sell milk' } }] },
        { text: 'I could not.' },
      ]);
      const agent = new Agent({
        model,
        tools,
        hooks: {
          beforeCall: (request) => {
            seen.push(request);
            return request.tool.readOnly
              ? undefined
              : { action: 'veto', reason: 'notes are read-only in this session.' };
          },
        },
      });
      const result = await runAgent(agent, 'change my todo');

      expect(result.stopReason).toBe('completed');
      expect(notes.get('todo')).toBe('buy milk');
      expect(log.calls).toEqual([]);
      expect(seen.map((request) => [request.call.name, request.tool.kind, request.turn])).toEqual([
        ['write_note', 'write', 1],
      ]);
      const [vetoed] = result.toolResults;
      expect(vetoed!.status).toBe('denied');
      expect(vetoed!.error?.kind).toBe('permission_denied');
      expect(vetoed!.error?.details).toEqual({ vetoed: true });
      const text = 'write_note was not run: notes are read-only in this session.';
      expect(firstText(vetoed!.content)).toBe(text);
      expect(toolMessages(model.requests[1]!.messages)).toEqual([
        {
          role: 'tool',
          toolCallId: 'call_1_1',
          toolName: 'write_note',
          content: [{ type: 'text', text }],
          isError: true,
        },
      ]);
    });

    it('rewrites the arguments: the call runs with them, approval sees them, the transcript shows them', async () => {
      const { tools, notes } = notesTools();
      const approved: string[] = [];
      const model = new ScriptedModelClient([
        { toolCalls: [{ name: 'write_note', arguments: { name: 'TODO', text: 'buy bread' } }] },
        { text: 'Done.' },
      ]);
      const agent = new Agent({
        model,
        tools,
        hooks: {
          beforeCall: ({ call }) => {
            const args = JSON.parse(call.arguments) as { name: string; text: string };
            return { action: 'rewrite', arguments: { ...args, name: args.name.toLowerCase() } };
          },
          approve: ({ call }) => {
            approved.push(call.arguments);
            return 'allow';
          },
        },
      });
      const result = await runAgent(agent, 'change my todo');

      expect(notes.get('todo')).toBe('buy bread');
      expect(notes.has('TODO')).toBe(false);
      expect(approved).toEqual(['{"name":"todo","text":"buy bread"}']);
      expect(result.toolResults[0]!.call.arguments).toBe('{"name":"todo","text":"buy bread"}');
      const assistant = model.requests[1]!.messages.find((message) => message.role === 'assistant');
      expect(assistant?.role === 'assistant' && assistant.toolCalls?.[0]?.arguments).toBe(
        '{"name":"todo","text":"buy bread"}',
      );
    });

    it('sees a repaired call too, so a repair cannot slip past it', async () => {
      const { tools, notes } = notesTools();
      const model = new ScriptedModelClient([
        { toolCalls: [{ name: 'writ_note', arguments: { name: 'todo', text: 'x' } }] },
        { text: 'ok' },
      ]);
      const agent = new Agent({
        model,
        tools,
        hooks: {
          onInvalidCall: () => ({ action: 'repair', toolName: 'write_note' }),
          beforeCall: ({ tool }) => (tool.readOnly ? undefined : { action: 'veto', reason: 'no writes.' }),
        },
      });
      const result = await runAgent(agent, 'write');
      expect(notes.get('todo')).toBe('buy milk');
      expect(result.toolResults[0]!.status).toBe('denied');
      expect(firstText(result.toolResults[0]!.content)).toBe('write_note was not run: no writes.');
    });

    it('ends the run as an error when it answers something unreadable', async () => {
      const { tools, log } = notesTools();
      const model = new ScriptedModelClient([
        { toolCalls: [{ name: 'read_note', arguments: { name: 'todo' } }] },
      ]);
      const agent = new Agent({
        model,
        tools,
        hooks: { beforeCall: () => ({ action: 'allow' }) as never },
      });
      const result = await runAgent(agent, 'read');
      expect(result.stopReason).toBe('error');
      expect(result.error).toBeInstanceOf(HookAnswerError);
      expect(result.error?.message).toBe(
        "The agent's beforeCall hook returned an object of another shape; it must return undefined, { action: 'rewrite', arguments } or { action: 'veto', reason }.",
      );
      expect(log.calls).toEqual([]);
    });
  });

  describe('afterCall', () => {
    it('redacts or annotates what the model reads; the host still has the result', async () => {
      const { tools } = notesTools({ notes: { todo: 'call 555-0100 about milk' } });
      const seen: AfterCallRequest[] = [];
      const model = new ScriptedModelClient([
        { toolCalls: [{ name: 'read_note', arguments: { name: 'todo' } }] },
        { text: 'ok' },
      ]);
      const agent = new Agent({
        model,
        tools,
        hooks: {
          afterCall: (request) => {
            seen.push(request);
            const text = firstText(request.content).replace(/\d{3}-\d{4}/g, '[phone]');
            return { content: [{ type: 'text', text: `${text} (from your notes)` }] };
          },
        },
      });
      const result = await runAgent(agent, 'read', {
        extensions: [[SessionToken, { user: 'u', token: 'milk' }]],
      });

      expect(seen).toHaveLength(1);
      expect(seen[0]!.result.ok).toBe(true);
      expect(seen[0]!.tool.name).toBe('read_note');
      // The hook's content is still scrubbed of host-only values ('milk' here).
      expect(toolMessages(model.requests[1]!.messages)[0]!.content).toEqual([
        { type: 'text', text: 'call [phone] about [redacted] (from your notes)' },
      ]);
      expect(result.toolResults[0]!.result?.ok && result.toolResults[0]!.result.value).toBe(
        'call 555-0100 about milk',
      );
    });

    it('ends the run as an error on an empty content, so what it meant to hide is not sent', async () => {
      const { tools } = notesTools();
      const model = new ScriptedModelClient([
        { toolCalls: [{ name: 'read_note', arguments: { name: 'todo' } }] },
      ]);
      const agent = new Agent({ model, tools, hooks: { afterCall: () => ({ content: [] }) } });
      const result = await runAgent(agent, 'read');
      expect(result.stopReason).toBe('error');
      expect(model.requests).toHaveLength(1);
      expect(JSON.stringify(result.messages)).not.toContain('buy milk');
    });
  });

  describe('beforeTurn', () => {
    it('filters and reorders the definitions sent; a call to a tool left out is disallowed', async () => {
      const { tools, log } = notesTools();
      const seen: TurnRequest[] = [];
      const model = new ScriptedModelClient([
        { toolCalls: [{ name: 'write_note', arguments: { name: 'todo', text: 'x' } }] },
        { text: 'ok' },
      ]);
      const agent = new Agent({
        model,
        tools,
        hooks: {
          beforeTurn: (request) => {
            seen.push(request);
            return ['list_notes', 'read_note'];
          },
        },
      });
      const result = await runAgent(agent, 'what do I have?');

      expect(model.requests[0]!.tools.map(definitionName)).toEqual(['list_notes', 'read_note']);
      expect(seen[0]!.turn).toBe(1);
      expect(seen[0]!.messages).toEqual([{ role: 'user', content: 'what do I have?' }]);
      expect(seen[0]!.tools.map((tool) => tool.name)).toEqual(tools.tools().map((tool) => tool.name));
      expect(seen[0]!.definitions.map(definitionName)).toEqual(tools.tools().map((tool) => tool.name));
      expect(log.calls).toEqual([]);
      expect(result.toolResults[0]!.error?.kind).toBe('not_found');
      expect(firstText(result.toolResults[0]!.content)).toMatch(/^Unknown tool 'write_note'/);
      expect(seen).toHaveLength(2);
    });

    it('ends the run as an error when it names a tool the turn does not offer', async () => {
      const { tools } = notesTools();
      const model = new ScriptedModelClient([{ text: 'unused' }]);
      const agent = new Agent({ model, tools, hooks: { beforeTurn: () => ['read_note', 'rm_rf'] } });
      const result = await runAgent(agent, 'hi');
      expect(result.stopReason).toBe('error');
      expect(model.requests).toHaveLength(0);
      expect(result.error?.message).toContain('("rm_rf" is not offered)');
    });
  });
});

describe.each(RUN_PATHS)('recovery with the transcript through %s', (_path, runAgent) => {
  it('gives the invalid-call hook the transcript so far, read-only', async () => {
    const { tools } = notesTools();
    const seen: InvalidToolCall[] = [];
    const model = new ScriptedModelClient([
      { text: 'Let me look.', toolCalls: [{ name: 'read_note', arguments: { title: 'todo' } }] },
      { text: 'ok' },
    ]);
    const agent = new Agent({
      model,
      tools,
      system: 'Be brief.',
      hooks: {
        onInvalidCall: (invalid) => {
          seen.push(invalid);
          return undefined;
        },
      },
    });
    await runAgent(agent, 'read my todo');

    const transcript = seen[0]!.transcript;
    expect(transcript).toEqual([
      { role: 'user', content: 'read my todo' },
      {
        role: 'assistant',
        content: 'Let me look.',
        toolCalls: [{ id: 'call_1_1', name: 'read_note', arguments: '{"title":"todo"}' }],
      },
    ]);
    expect(Object.isFrozen(transcript)).toBe(true);
    expect(Object.isFrozen(transcript[0])).toBe(true);
    expect(() => (transcript as AgentMessage[]).push({ role: 'user', content: 'x' })).toThrow(TypeError);
  });

  it('keeps the turn on a plain retry: the feedback goes back as the call’s result', async () => {
    const { tools } = notesTools();
    const model = new ScriptedModelClient([
      { toolCalls: [{ name: 'read_note', arguments: { title: 'todo' } }] },
      { text: 'ok' },
    ]);
    const agent = new Agent({
      model,
      tools,
      hooks: { onInvalidCall: () => ({ action: 'retry', feedback: 'Use "name", not "title".' }) },
    });
    await runAgent(agent, 'read my todo');

    expect(model.requests[1]!.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool']);
    expect(firstText(toolMessages(model.requests[1]!.messages)[0]!.content)).toBe('Use "name", not "title".');
  });

  it('rolls the turn back on a retry with rollback: the model’s message is dropped, the feedback is a user message', async () => {
    const { tools, log } = notesTools();
    const model = new ScriptedModelClient([
      {
        text: 'Reading.',
        toolCalls: [
          { name: 'read_note', arguments: { title: 'todo' } },
          { name: 'write_note', arguments: { name: 'todo', text: 'x' } },
        ],
      },
      { toolCalls: [{ name: 'read_note', arguments: { name: 'todo' } }] },
      { text: 'Your todo: buy milk.' },
    ]);
    const agent = new Agent({
      model,
      tools,
      concurrentReadOnly: false,
      hooks: {
        // #region rollback
        onInvalidCall: (invalid) =>
          invalid.reason === 'invalid_arguments'
            ? { action: 'retry', feedback: 'Use "name", not "title".', rollback: true }
            : undefined,
        // #endregion
      },
    });
    const result = await runAgent(agent, 'read my todo');

    expect(model.requests[1]!.messages).toEqual([
      { role: 'user', content: 'read my todo' },
      { role: 'user', content: 'Use "name", not "title".' },
    ]);
    // Nothing else of the rolled-back turn ran.
    expect(log.calls).toEqual(['read_note:todo']);
    expect(result.toolResults.map((call) => [call.turn, call.status])).toEqual([
      [1, 'retry'],
      [1, 'not_run'],
      [2, 'ok'],
    ]);
    expect(result.toolResults[0]!.recovery).toEqual({
      action: 'retry',
      feedback: 'Use "name", not "title".',
      rollback: true,
    });
    expect(result.text).toBe('Your todo: buy milk.');
    expect(result.messages.map((message) => message.role)).toEqual([
      'user',
      'user',
      'assistant',
      'tool',
      'assistant',
    ]);
  });

  it('keeps the turn when another call of it already ran: what ran cannot be unsaid', async () => {
    const { tools, log } = notesTools();
    const model = new ScriptedModelClient([
      {
        toolCalls: [
          { name: 'list_notes', arguments: {} },
          { name: 'read_note', arguments: { title: 'todo' } },
        ],
      },
      { text: 'ok' },
    ]);
    const agent = new Agent({
      model,
      tools,
      hooks: { onInvalidCall: () => ({ action: 'retry', feedback: 'Use "name".', rollback: true }) },
    });
    await runAgent(agent, 'read');

    expect(log.calls).toContain('list_notes');
    expect(model.requests[1]!.messages.map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'tool',
    ]);
    expect(firstText(toolMessages(model.requests[1]!.messages)[1]!.content)).toBe('Use "name".');
  });
});

describe('hooks, as docs/agent.md shows them', () => {
  it('offers read tools only, vetoes writes, and annotates results', async () => {
    const { tools } = notesTools();
    const model = new ScriptedModelClient([
      { toolCalls: [{ name: 'read_note', arguments: { name: 'todo' } }] },
      { text: 'ok' },
    ]);
    // #region hooks
    const agent = new Agent({
      model,
      tools,
      hooks: {
        // The tools this turn offers, in order: here the read-only ones only.
        beforeTurn: ({ tools }) => tools.filter((tool) => tool.readOnly).map((tool) => tool.name),
        // Rewrite the arguments, or veto the call with a reason the model reads as its result.
        beforeCall: ({ tool }) =>
          tool.kind === 'delete' ? { action: 'veto', reason: 'deleting is off in this session.' } : undefined,
        // Redact, annotate or replace what the model reads of a call that ran.
        afterCall: ({ content }) => ({
          content: [...content, { type: 'text', text: '(from the notebook)' }],
        }),
      },
    });
    // #endregion
    const result = await agent.run('read my todo');
    expect(model.requests[0]!.tools.map(definitionName)).toEqual([
      'read_note',
      'list_notes',
      'slow_read',
      'count',
      'whoami',
      'leaky_failure',
    ]);
    expect(result.toolResults[0]!.content).toEqual([
      { type: 'text', text: 'buy milk' },
      { type: 'text', text: '(from the notebook)' },
    ]);
  });
});
