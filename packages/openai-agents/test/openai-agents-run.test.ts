import { Agent, run, setDefaultOpenAIClient, setTracingDisabled } from '@openai/agents';
import OpenAI from 'openai';
import { ToolSet, dynamicTool } from '@toolwright/core';
import { openAiAgentsRunOptions, openAiAgentsTools } from '../src';
import {
  responsesText,
  responsesToolCalls,
  responsesToolOutputs,
  startOpenAiWireServer,
  type OpenAiWireServer,
  type WireReply,
} from './support/openai-wire-server';
import { SessionToken, sessionTools, todoTools, type Session } from './support/todo-tools';

setTracingDisabled(true);

let server: OpenAiWireServer;

beforeAll(async () => {
  server = await startOpenAiWireServer();
  setDefaultOpenAIClient(new OpenAI({ baseURL: server.baseURL, apiKey: 'test-key', maxRetries: 0 }));
});

afterAll(() => server.close());

async function serve(replies: readonly WireReply[]): Promise<OpenAiWireServer> {
  return server.script(replies);
}

const call = (name: string, args: unknown, callId: string) => ({
  name,
  arguments: typeof args === 'string' ? args : JSON.stringify(args),
  callId,
});

describe('openAiAgentsTools in the Agents SDK run() loop (Responses API on loopback)', () => {
  it('sends the derived schemas, strict where they allow, under unchanged names', async () => {
    const { tools } = todoTools();
    const wire = await serve([() => responsesText('ok')]);
    const agent = new Agent({
      name: 'todos',
      instructions: 'Manage todos.',
      tools: openAiAgentsTools(tools),
    });
    await run(agent, 'hi');

    const sent = wire.requests[0]!.body['tools'] as Record<string, unknown>[];
    expect(sent.map((tool) => tool['name'])).toEqual([
      'list_todos',
      'add_todo',
      'delete_todo',
      'export_todos',
      'sync_todos',
    ]);
    const list = sent[0]!;
    expect(list['strict']).toBe(true);
    expect(list['parameters']).toEqual({
      type: 'object',
      properties: { contains: { type: ['string', 'null'], description: 'Only todos containing this text' } },
      required: ['contains'],
      additionalProperties: false,
    });
    expect(sent[1]!['parameters']).toMatchObject({
      required: ['title', 'priority'],
      additionalProperties: false,
    });
  });

  it('runs a valid call and the next request carries the tool content', async () => {
    const { tools, log } = todoTools();
    const wire = await serve([
      () => responsesToolCalls(call('list_todos', { contains: null }, 'call_1')),
      () => responsesText('You have one todo.'),
    ]);
    const agent = new Agent({
      name: 'todos',
      instructions: 'Manage todos.',
      tools: openAiAgentsTools(tools),
    });
    const result = await run(agent, 'what is on my list?');

    expect(result.finalOutput).toBe('You have one todo.');
    expect(log.calls).toEqual(['list_todos']);
    expect(responsesToolOutputs(wire.requests[1]!)).toEqual({ call_1: '1: buy milk' });
  });

  it("answers an invalid call with toolwright's curated text, and the model's fixed call runs", async () => {
    const { tools, log, todos } = todoTools();
    const wire = await serve([
      () => responsesToolCalls(call('add_todo', { title: '', priority: '7' }, 'call_1')),
      () => responsesToolCalls(call('add_todo', { title: 'call mum', priority: '2' }, 'call_2')),
      () => responsesText('Added.'),
    ]);
    const agent = new Agent({
      name: 'todos',
      instructions: 'Manage todos.',
      tools: openAiAgentsTools(tools),
    });
    const result = await run(agent, 'add "call mum"');

    expect(result.finalOutput).toBe('Added.');
    const first = responsesToolOutputs(wire.requests[1]!)['call_1'];
    expect(first).toMatch(/^Invalid arguments for add_todo/);
    expect(first).toContain('title');
    expect(first).toContain('priority');
    expect(String(first).split('\n').length).toBeGreaterThanOrEqual(3);
    expect(first).not.toContain('An error occurred while parsing tool arguments');
    expect(responsesToolOutputs(wire.requests[2]!)['call_2']).toBe('Added todo 2.');
    expect(log.calls).toEqual(['add_todo:call mum:2']);
    expect(todos.get(2)).toBe('call mum');
  });

  it("keeps the run going after a near-miss name, answering with toolwright's suggestion", async () => {
    const { tools, log } = todoTools();
    const wire = await serve([
      () => responsesToolCalls(call('list_todo', {}, 'call_1')),
      () => responsesToolCalls(call('list_todos', {}, 'call_2')),
      () => responsesText('One todo.'),
    ]);
    const agent = new Agent({
      name: 'todos',
      instructions: 'Manage todos.',
      tools: openAiAgentsTools(tools),
    });
    const result = await run(agent, 'list', { ...openAiAgentsRunOptions(tools) });

    expect(result.finalOutput).toBe('One todo.');
    expect(responsesToolOutputs(wire.requests[1]!)['call_1']).toBe(
      "Unknown tool 'list_todo'. Did you mean 'list_todos'? Available: list_todos, add_todo, delete_todo, export_todos, sync_todos.",
    );
    expect(log.calls).toEqual(['list_todos']);
  });

  it('reports progress items with the call they belong to', async () => {
    const { tools } = todoTools();
    const wire = await serve([
      () => responsesToolCalls(call('export_todos', { steps: 2 }, 'call_1')),
      () => responsesText('Exported.'),
    ]);
    const progress: string[] = [];
    const agent = new Agent({
      name: 'todos',
      instructions: 'Manage todos.',
      tools: openAiAgentsTools(tools, {
        onProgress: (item, { toolName, callId }) =>
          progress.push(`${toolName}/${callId}: ${item.kind === 'text' ? item.text : item.kind}`),
      }),
    });
    await run(agent, 'export');

    expect(progress).toEqual([
      'export_todos/call_1: exported step 1 of 2',
      'export_todos/call_1: exported step 2 of 2',
    ]);
    expect(responsesToolOutputs(wire.requests[1]!)['call_1']).toBe('exported 1 todos');
  });

  it("aborts the tool's signal promptly when the run's signal aborts mid-call", async () => {
    const { tools, log } = todoTools();
    await serve([
      () => responsesToolCalls(call('export_todos', { steps: 10 }, 'call_1')),
      () => responsesText('late'),
    ]);
    const agent = new Agent({
      name: 'todos',
      instructions: 'Manage todos.',
      tools: openAiAgentsTools(tools),
    });
    const controller = new AbortController();
    const running = run(agent, 'export', { signal: controller.signal });
    await log.exportStarted;
    const abortedAt = Date.now();
    controller.abort();
    const outcome = await running.then(
      () => 'resolved',
      (error: unknown) => (error as Error).name,
    );

    expect(log.abortedAt).toBeDefined();
    expect(log.abortedAt! - abortedAt).toBeLessThan(250);
    expect(outcome).not.toBe('resolved');
  });

  it('pauses for approval of a destructive call and runs it once approved', async () => {
    const { tools, log } = todoTools();
    const wire = await serve([
      () => responsesToolCalls(call('delete_todo', { id: 1 }, 'call_1')),
      () => responsesText('Deleted.'),
    ]);
    const agent = new Agent({
      name: 'todos',
      instructions: 'Manage todos.',
      tools: openAiAgentsTools(tools, { approval: 'destructive' }),
    });
    const paused = await run(agent, 'delete todo 1');

    expect(paused.interruptions.map((item) => item.name)).toEqual(['delete_todo']);
    expect(log.calls).toEqual([]);
    paused.state.approve(paused.interruptions[0]!);
    const resumed = await run(agent, paused.state);

    expect(resumed.finalOutput).toBe('Deleted.');
    expect(log.calls).toEqual(['delete_todo:1']);
    expect(responsesToolOutputs(wire.requests[1]!)['call_1']).toBe('Deleted todo 1.');
  });

  it("answers a rejected or policy-denied call with toolwright's permission text", async () => {
    const { tools, log } = todoTools();
    const wire = await serve([
      () =>
        responsesToolCalls(
          call('delete_todo', { id: 1 }, 'call_1'),
          call('add_todo', { title: 'x', priority: 1 }, 'call_2'),
        ),
      () => responsesText('Not allowed.'),
    ]);
    const agent = new Agent({
      name: 'todos',
      instructions: 'Manage todos.',
      tools: openAiAgentsTools(tools, {
        approval: ({ toolName }) =>
          toolName === 'add_todo' ? { decision: 'deny', reason: 'Adding is switched off today.' } : 'ask',
      }),
    });
    const paused = await run(agent, 'clean up', openAiAgentsRunOptions(tools));
    paused.state.reject(paused.interruptions[0]!);
    const resumed = await run(agent, paused.state, openAiAgentsRunOptions(tools));

    expect(resumed.finalOutput).toBe('Not allowed.');
    expect(log.calls).toEqual([]);
    expect(responsesToolOutputs(wire.requests[1]!)).toEqual({
      call_1:
        'delete_todo is not permitted to do that. Do not repeat the call; choose an action that is allowed.',
      call_2: 'Adding is switched off today.',
    });
  });

  it("gives a tool's failure to the model as toolwright's curated text, never the thrown message", async () => {
    const { tools } = todoTools();
    const wire = await serve([
      () => responsesToolCalls(call('sync_todos', {}, 'call_1')),
      () => responsesText('Sync failed.'),
    ]);
    const agent = new Agent({
      name: 'todos',
      instructions: 'Manage todos.',
      tools: openAiAgentsTools(tools),
    });
    await run(agent, 'sync');

    const output = String(responsesToolOutputs(wire.requests[1]!)['call_1']);
    expect(output).toBe(
      'sync_todos failed while running; the host has the details. Try another approach or different arguments.',
    );
    expect(output).not.toContain('sk-secret');
  });

  it("ends a call past its timeoutMs with toolwright's timeout text", async () => {
    const { tools } = todoTools();
    const wire = await serve([
      () => responsesToolCalls(call('export_todos', { steps: 10 }, 'call_1')),
      () => responsesText('Too slow.'),
    ]);
    const agent = new Agent({
      name: 'todos',
      instructions: 'Manage todos.',
      tools: openAiAgentsTools(tools, { timeoutMs: 150, include: ['export_todos'] }),
    });
    await run(agent, 'export');

    expect(responsesToolOutputs(wire.requests[1]!)['call_1']).toBe(
      'export_todos did not finish in time and was stopped. Try again, or ask for less work in one call.',
    );
  });

  it('leaves JSON that does not parse to the SDK, which answers before any tool runs', async () => {
    const { tools, log } = todoTools();
    const wire = await serve([
      () => responsesToolCalls(call('add_todo', '{"title": "x",', 'call_1')),
      () => responsesText('ok'),
    ]);
    const agent = new Agent({
      name: 'todos',
      instructions: 'Manage todos.',
      tools: openAiAgentsTools(tools),
    });
    await run(agent, 'add');

    expect(responsesToolOutputs(wire.requests[1]!)['call_1']).toBe(
      'An error occurred while parsing tool arguments. Please try again with valid JSON.',
    );
    expect(log.calls).toEqual([]);
  });

  it("hands the run context's host-only values to the tool, and scrubs them from what the model reads", async () => {
    const tools = sessionTools();
    const wire = await serve([
      () => responsesToolCalls(call('whoami', {}, 'call_1')),
      () => responsesText('ok'),
    ]);
    const agent = new Agent({
      name: 'todos',
      instructions: 'Manage todos.',
      tools: openAiAgentsTools(tools, {
        extensions: ({ context }) => [[SessionToken, (context as { session: Session }).session]],
      }),
    });
    await run(agent, 'who am I?', { context: { session: { user: 'ann', token: 'sk-session-42' } } });

    const output = String(responsesToolOutputs(wire.requests[1]!)['call_1']);
    expect(output).toMatch(/^user ann, token /);
    expect(output).not.toContain('sk-session-42');
  });

  it('keeps a name the SDK would rewrite (read-file stays read-file)', async () => {
    const set = new ToolSet();
    set.add(
      dynamicTool({
        name: 'read-file',
        description: 'Read a file.',
        parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
        run: (args) => `read ${String(args['path'])}`,
      }),
    );
    const wire = await serve([
      () => responsesToolCalls(call('read-file', { path: 'a.ts' }, 'call_1')),
      () => responsesText('ok'),
    ]);
    const agent = new Agent({ name: 'files', instructions: 'Read files.', tools: openAiAgentsTools(set) });
    await run(agent, 'read a.ts');

    expect((wire.requests[0]!.body['tools'] as { name: string }[]).map((tool) => tool.name)).toEqual([
      'read-file',
    ]);
    expect(responsesToolOutputs(wire.requests[1]!)).toEqual({ call_1: 'read a.ts' });
  });

  it('adapts a plain ToolSet as well', async () => {
    const { tools } = todoTools();
    const set = new ToolSet();
    set.add(tools.get('list_todos')!.erased);
    const wire = await serve([
      () => responsesToolCalls(call('list_todos', {}, 'call_1')),
      () => responsesText('ok'),
    ]);
    const agent = new Agent({ name: 'todos', instructions: 'Manage todos.', tools: openAiAgentsTools(set) });
    await run(agent, 'list');

    expect(responsesToolOutputs(wire.requests[1]!)).toEqual({ call_1: '1: buy milk' });
  });
});
