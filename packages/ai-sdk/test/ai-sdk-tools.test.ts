import { ToolSet, eraseTool, Tool as ToolDecorator } from '@toolwright/core';
import { generateText, stepCountIs, streamText, type ModelMessage } from 'ai';
import { aiSdkTools, repairToolCall, type AiSdkToolOutput } from '../src';
import { notesTools, Session } from './support/notes-tools';
import { AI_SDK_NODE, scriptedModel, toolOutputsIn } from './support/scripted-model';

// `ai` 7 requires Node 22 or later: on an older Node these tests are skipped (CI runs them under
// Node 22 in .ci/steps/57-ai-sdk.sh, and with the whole suite under every Node LTS).
const describeAiSdk = AI_SDK_NODE ? describe : describe.skip;

const RUNNERS = ['generateText', 'streamText'] as const;
type Runner = (typeof RUNNERS)[number];

/** Runs the AI SDK's loop (generateText, or streamText to its end) and gives the steps' results. */
async function runLoop(runner: Runner, settings: Parameters<typeof generateText>[0]) {
  if (runner === 'generateText') return generateText(settings);
  const result = streamText(settings as Parameters<typeof streamText>[0]);
  const parts: unknown[] = [];
  for await (const part of result.fullStream) parts.push(part);
  return { text: await result.text, steps: await result.steps, response: await result.response, parts };
}

describeAiSdk('aiSdkTools in the AI SDK loop', () => {
  describe.each(RUNNERS)('%s', (runner) => {
    it('runs a valid call through toolwright, and the model reads the tool content', async () => {
      const { tools, log } = notesTools();
      const { model, calls } = scriptedModel([
        { toolCalls: [{ name: 'read_note', input: '{"name":"todo"}' }] },
        { text: 'Your todo: buy milk.' },
      ]);
      const result = await runLoop(runner, {
        model,
        tools: aiSdkTools(tools),
        prompt: 'todo?',
        stopWhen: stepCountIs(3),
      });
      expect(result.text).toBe('Your todo: buy milk.');
      expect(log.calls).toEqual(['read_note:todo']);
      // The AI SDK's tool call id is the toolwright call's id.
      expect(log.callIds).toEqual(['call_1_1']);
      expect(toolOutputsIn(calls[1])).toEqual([
        { toolName: 'read_note', output: { type: 'text', value: 'buy milk' } },
      ]);
      const toolResult = result.steps[0]!.toolResults[0]!;
      expect(toolResult.output).toEqual({
        type: 'result',
        json: 'buy milk',
        content: [{ type: 'text', text: 'buy milk' }],
      } satisfies AiSdkToolOutput);
    });

    it("sends toolwright's invalid-arguments text to the model, which then fixes its call", async () => {
      const { tools, notes } = notesTools();
      const { model, calls } = scriptedModel([
        { toolCalls: [{ name: 'write_note', input: '{"name":"","txt":"bread"}' }] },
        { toolCalls: [{ name: 'write_note', input: '{"name":"todo","text":"bread"}' }] },
        { text: 'Saved.' },
      ]);
      const result = await runLoop(runner, {
        model,
        tools: aiSdkTools(tools),
        prompt: 'write',
        stopWhen: stepCountIs(5),
      });
      expect(result.text).toBe('Saved.');
      expect(notes.get('todo')).toBe('bread');
      const [first] = toolOutputsIn(calls[1]);
      expect(first).toEqual({
        toolName: 'write_note',
        output: {
          type: 'error-text',
          value: [
            'Invalid arguments for write_note:',
            '  - name: expected a string of at least 1 character, received "" (empty string)',
            '  - txt: expected only known properties (name, text), received an unknown property; did you mean "text"?',
            '  - text: expected a string, received nothing; required property is missing',
            'Fix these and call write_note again.',
          ].join('\n'),
        },
      });
      expect(JSON.stringify(calls[1]!.prompt)).not.toMatch(/Type validation failed|Invalid input for tool/);
      expect(toolOutputsIn(calls[2])[1]).toEqual({
        toolName: 'write_note',
        output: { type: 'text', value: 'Saved todo.' },
      });
    });

    it('repairs a near-miss tool name with repairToolCall', async () => {
      const { tools, log } = notesTools();
      const { model, calls } = scriptedModel([
        { toolCalls: [{ name: 'raed_note', input: '{"name":"todo"}' }] },
        { text: 'buy milk' },
      ]);
      await runLoop(runner, {
        model,
        tools: aiSdkTools(tools),
        repairToolCall,
        prompt: 'todo?',
        stopWhen: stepCountIs(3),
      });
      expect(log.calls).toEqual(['read_note:todo']);
      expect(toolOutputsIn(calls[1])).toEqual([
        { toolName: 'read_note', output: { type: 'text', value: 'buy milk' } },
      ]);
    });

    it("with repairToolCall, JSON the AI SDK cannot parse reaches toolwright's decoder, whose text the model reads", async () => {
      const { tools, log } = notesTools();
      const { model, calls } = scriptedModel([
        { toolCalls: [{ name: 'read_note', input: '{"name": "todo",' }] },
        { toolCalls: [{ name: 'read_note', input: '{"name":"todo","__proto__":{"admin":true}}' }] },
        { text: 'Gave up.' },
      ]);
      await runLoop(runner, {
        model,
        tools: aiSdkTools(tools),
        repairToolCall,
        prompt: 'todo?',
        stopWhen: stepCountIs(4),
      });
      expect(log.calls).toEqual([]);
      const [syntax] = toolOutputsIn(calls[1]);
      expect(syntax).toMatchObject({ toolName: 'read_note', output: { type: 'error-text' } });
      expect((syntax!.output as { value: string }).value).toMatch(
        /^Invalid arguments for read_note:\n {2}- \(arguments\): /,
      );
      const [, polluted] = toolOutputsIn(calls[2]);
      expect((polluted!.output as { value: string }).value).toMatch(
        /^Invalid arguments for read_note:[\s\S]*__proto__/,
      );
      expect(JSON.stringify(calls.map((call) => call.prompt))).not.toMatch(
        /JSON parsing failed|Invalid input for tool/,
      );
    });

    it('reports a tool failure as a tool error the model reads, in curated text only', async () => {
      const { tools } = notesTools();
      const { model, calls } = scriptedModel([
        {
          toolCalls: [
            { name: 'sync_notes', input: '{}' },
            { name: 'crash', input: '' },
          ],
        },
        { text: 'Sorry.' },
      ]);
      const result = await runLoop(runner, {
        model,
        tools: aiSdkTools(tools),
        prompt: 'sync',
        stopWhen: stepCountIs(3),
      });
      const outputs = toolOutputsIn(calls[1]);
      expect(outputs[0]).toEqual({
        toolName: 'sync_notes',
        output: { type: 'error-text', value: 'The notes server is down; try again in a minute.' },
      });
      expect(outputs[1]!.output).toMatchObject({ type: 'error-text' });
      expect(JSON.stringify(outputs[1])).not.toMatch(/hunter2|\/srv\/app/);
      const errors = result.steps[0]!.content.filter((part) => part.type === 'tool-error');
      expect(errors.map((part) => (part as { error: { kind?: string } }).error.kind)).toEqual([
        'unavailable',
        'execution_failed',
      ]);
    });

    it('passes host-only values to the tool and scrubs them from what the model reads', async () => {
      const { tools } = notesTools();
      const { model, calls } = scriptedModel([
        { toolCalls: [{ name: 'whoami', input: '{}' }] },
        { text: 'ok' },
      ]);
      const session = { user: 'ann', token: 'sk-session-4242' };
      await runLoop(runner, {
        model,
        tools: aiSdkTools(tools, { extensions: [[Session, session]] }),
        prompt: 'who',
        stopWhen: stepCountIs(3),
      });
      const [output] = toolOutputsIn(calls[1]);
      expect(output!.output).toMatchObject({ type: 'text', value: expect.stringContaining('You are ann') });
      expect(JSON.stringify(output)).not.toContain('sk-session-4242');
    });

    it('asks for approval through needsApproval and runs the call once approved', async () => {
      const { tools, notes } = notesTools();
      const aiTools = aiSdkTools(tools, { needsApproval: ({ tool }) => !tool.readOnly });
      const { model } = scriptedModel([
        { toolCalls: [{ name: 'write_note', input: '{"name":"todo","text":"bread"}' }] },
        { text: 'Saved.' },
      ]);
      const messages: ModelMessage[] = [{ role: 'user', content: 'write' }];
      const first = await runLoop(runner, { model, tools: aiTools, messages, stopWhen: stepCountIs(3) });
      const request = first.steps[0]!.content.find((part) => part.type === 'tool-approval-request');
      expect(request).toMatchObject({ toolCall: { toolName: 'write_note' } });
      expect(notes.get('todo')).toBe('buy milk');
      const approvalId = (request as { approvalId: string }).approvalId;
      messages.push(...first.response.messages, {
        role: 'tool',
        content: [{ type: 'tool-approval-response', approvalId, approved: true }],
      });
      const second = await runLoop(runner, { model, tools: aiTools, messages, stopWhen: stepCountIs(3) });
      expect(notes.get('todo')).toBe('bread');
      expect(second.text).toBe('Saved.');
    });

    it('offers the tools the handle has at each step (list_changed)', async () => {
      const { tools, notes } = notesTools();
      const { model, calls } = scriptedModel([
        { toolCalls: [{ name: 'enable_archive', input: '{}' }] },
        { toolCalls: [{ name: 'archive_note', input: '{"name":"todo"}' }] },
        { text: 'Archived.' },
      ]);
      const aiTools = aiSdkTools(tools);
      expect(Object.keys(aiTools)).not.toContain('archive_note');
      await runLoop(runner, { model, tools: aiTools, prompt: 'archive', stopWhen: stepCountIs(4) });
      const offered = (index: number) => (calls[index]!.tools ?? []).map((tool) => tool.name);
      expect(offered(0)).not.toContain('archive_note');
      expect(offered(1)).toContain('archive_note');
      expect(notes.has('todo')).toBe(false);
      tools.remove('archive_note');
      expect(Object.keys(aiTools)).not.toContain('archive_note');
    });
  });

  it('streams progress as preliminary results, then the result', async () => {
    const { tools } = notesTools();
    const { model, calls } = scriptedModel([
      { toolCalls: [{ name: 'count', input: '{"steps":3}' }] },
      { text: 'Done.' },
    ]);
    const result = await runLoop('streamText', {
      model,
      tools: aiSdkTools(tools),
      prompt: 'count',
      stopWhen: stepCountIs(3),
    });
    const outputs = (
      result as { parts: { type: string; preliminary?: boolean; output?: AiSdkToolOutput }[] }
    ).parts
      .filter((part) => part.type === 'tool-result')
      .map((part) => ({ preliminary: part.preliminary === true, output: part.output }));
    const progress = outputs.filter((o) => o.preliminary && o.output?.type === 'progress');
    expect(progress.map((o) => (o.output as { progress: { text?: string } }).progress.text)).toEqual([
      'step 1 of 3',
      'step 2 of 3',
      'step 3 of 3',
    ]);
    expect(outputs.at(-1)).toEqual({
      preliminary: false,
      output: { type: 'result', json: 'counted to 3', content: [{ type: 'text', text: 'counted to 3' }] },
    });
    expect(toolOutputsIn(calls[1])).toEqual([
      { toolName: 'count', output: { type: 'text', value: 'counted to 3' } },
    ]);
  });

  it.each(RUNNERS)(
    "%s: the run's abortSignal reaches the tool's ctx.signal mid-call, promptly",
    async (runner) => {
      const { tools, log } = notesTools();
      const { model } = scriptedModel([{ toolCalls: [{ name: 'hang', input: '{}' }] }, { text: 'never' }]);
      const controller = new AbortController();
      const started = new Promise<void>((resolve) => {
        const timer = setInterval(() => {
          if (log.calls.includes('hang')) {
            clearInterval(timer);
            resolve();
          }
        }, 1);
      });
      const run = runLoop(runner, {
        model,
        tools: aiSdkTools(tools),
        prompt: 'wait',
        abortSignal: controller.signal,
        stopWhen: stepCountIs(3),
      });
      const outcome = run.then(
        () => 'finished',
        (error: unknown) => (error as Error).name,
      );
      await started;
      const abortedAt = performance.now();
      controller.abort();
      await outcome;
      expect(log.abortedAt).toBeDefined();
      expect(log.abortedAt! - abortedAt).toBeLessThan(100);
    },
  );

  it('accepts a core ToolSet and a snapshot, and refuses anything else', async () => {
    @ToolDecorator({ name: 'ping', description: 'Answer pong.' })
    class Ping {
      run(): string {
        return 'pong';
      }
    }
    const set = new ToolSet().add(eraseTool(new Ping()));
    const { model, calls } = scriptedModel([{ toolCalls: [{ name: 'ping', input: '' }] }, { text: 'pong' }]);
    await generateText({ model, tools: aiSdkTools(set), prompt: 'ping', stopWhen: stepCountIs(3) });
    expect(toolOutputsIn(calls[1])).toEqual([{ toolName: 'ping', output: { type: 'text', value: 'pong' } }]);
    expect(Object.keys(aiSdkTools(notesTools().tools.snapshot()))).toContain('read_note');
    expect(() => aiSdkTools({} as never)).toThrow(/source must be a finalized registry/);
  });

  it('hands the AI SDK a draft-07 schema it may write into, and the model gets the tool as toolwright defines it', async () => {
    const { tools } = notesTools();
    const { model, calls } = scriptedModel([{ text: 'hi' }]);
    await generateText({ model, tools: aiSdkTools(tools), prompt: 'hi' });
    const readNote = calls[0]!.tools!.find((tool) => tool.name === 'read_note') as unknown as {
      description: string;
      inputSchema: Record<string, unknown>;
    };
    expect(readNote.description).toBe('Read a note.');
    expect(readNote.inputSchema).toEqual({
      $schema: 'http://json-schema.org/draft-07/schema#',
      ...tools.get('read_note')!.inputSchema,
    });
    expect(Object.isFrozen(tools.get('read_note')!.inputSchema)).toBe(true);
  });

  it("sends each tool's OpenAI strict-mode schema with strict: true when asked", async () => {
    const { tools } = notesTools();
    const { model, calls } = scriptedModel([{ text: 'hi' }]);
    await generateText({ model, tools: aiSdkTools(tools, { strict: true }), prompt: 'hi' });
    const readNote = calls[0]!.tools!.find((tool) => tool.name === 'read_note') as unknown as {
      strict?: boolean;
      inputSchema: Record<string, unknown>;
    };
    expect(readNote.strict).toBe(true);
    expect(readNote.inputSchema).toEqual({
      $schema: 'http://json-schema.org/draft-07/schema#',
      ...tools.get('read_note')!.strictInputSchema,
    });
  });
});
