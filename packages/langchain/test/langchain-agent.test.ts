import { ChatOpenAI } from '@langchain/openai';
import { createAgent, createMiddleware } from 'langchain';
import { createErasedTool, ToolSet } from '@toolwright/core';
import { ToolRegistry } from '@toolwright/registry';
import { langChainNearMissRepair, langChainTools } from '../src';
import {
  chatText,
  chatToolCalls,
  chatToolOutputs,
  startOpenAiWireServer,
  type OpenAiWireServer,
  type WireReply,
} from '../../openai-agents/test/support/openai-wire-server';
import {
  SessionToken,
  sessionTools,
  todoTools,
  type Session,
} from '../../openai-agents/test/support/todo-tools';

let server: OpenAiWireServer;

beforeAll(async () => {
  server = await startOpenAiWireServer();
});

afterAll(() => server.close());

function model(replies: readonly WireReply[]): ChatOpenAI {
  server.script(replies);
  return new ChatOpenAI({
    model: 'gpt-4o-mini',
    apiKey: 'test-key',
    maxRetries: 0,
    streaming: false,
    configuration: { baseURL: server.baseURL },
  });
}

const call = (name: string, args: unknown, callId: string) => ({
  name,
  arguments: JSON.stringify(args),
  callId,
});
const ask = (text: string) => ({ messages: [{ role: 'user', content: text }] });

describe('langChainTools in a LangChain agent (createAgent + ChatOpenAI on a loopback chat-completions server)', () => {
  it('sends the derived schemas under unchanged names', async () => {
    const { tools } = todoTools();
    const agent = createAgent({ model: model([() => chatText('ok')]), tools: langChainTools(tools) });
    await agent.invoke(ask('hi'));

    const sent = server.requests[0]!.body['tools'] as { function: Record<string, unknown> }[];
    expect(sent.map((tool) => tool.function['name'])).toEqual([
      'list_todos',
      'add_todo',
      'delete_todo',
      'export_todos',
      'sync_todos',
    ]);
    expect(sent[1]!.function['parameters']).toMatchObject({
      type: 'object',
      required: ['title', 'priority'],
      additionalProperties: false,
      properties: { priority: { type: 'integer', minimum: 1, maximum: 5 } },
    });
  });

  it('runs a valid call; the next request carries the content, the artifact is the ToolResult', async () => {
    const { tools, log } = todoTools();
    const agent = createAgent({
      model: model([() => chatToolCalls(call('list_todos', {}, 'call_1')), () => chatText('One todo.')]),
      tools: langChainTools(tools),
    });
    const result = await agent.invoke(ask('list'));

    expect(log.calls).toEqual(['list_todos']);
    expect(chatToolOutputs(server.requests[1]!)).toEqual({ call_1: '1: buy milk' });
    const toolMessage = result.messages.find((message) => message.getType() === 'tool') as unknown as {
      artifact: { ok: boolean; value: unknown };
      status: string;
    };
    expect(toolMessage.status).toBe('success');
    expect(toolMessage.artifact).toMatchObject({ ok: true, value: '1: buy milk' });
    expect(result.messages.at(-1)!.content).toBe('One todo.');
  });

  it("answers an invalid call with toolwright's curated text (not LangChain's schema check), and the fixed call runs", async () => {
    const { tools, log } = todoTools();
    const agent = createAgent({
      model: model([
        () => chatToolCalls(call('add_todo', { title: '', priority: 7, extra: true }, 'call_1')),
        () => chatToolCalls(call('add_todo', { title: 'call mum', priority: '2' }, 'call_2')),
        () => chatText('Added.'),
      ]),
      tools: langChainTools(tools),
    });
    await agent.invoke(ask('add call mum'));

    const first = String(chatToolOutputs(server.requests[1]!)['call_1']);
    expect(first).toMatch(/^Invalid arguments for add_todo/);
    expect(first).toContain('title');
    expect(first).toContain('priority');
    expect(first).toContain('extra');
    expect(first).not.toContain('did not match expected schema');
    expect(first).not.toContain('Please fix your mistakes');
    expect(chatToolOutputs(server.requests[2]!)['call_2']).toBe('Added todo 2.');
    expect(log.calls).toEqual(['add_todo:call mum:2']);
  });

  it('repairs a near-miss name through the middleware, and answers a far one in toolwright words', async () => {
    const { tools, log } = todoTools();
    const adapted = langChainTools(tools);
    const agent = createAgent({
      model: model([
        () => chatToolCalls(call('list_todo', {}, 'call_1'), call('frobnicate', {}, 'call_2')),
        () => chatText('Done.'),
      ]),
      tools: adapted,
      middleware: [createMiddleware(langChainNearMissRepair(adapted))],
    });
    await agent.invoke(ask('list'));

    expect(log.calls).toEqual(['list_todos']);
    expect(chatToolOutputs(server.requests[1]!)).toEqual({
      call_1: '1: buy milk',
      call_2:
        "Unknown tool 'frobnicate'. Available: list_todos, add_todo, delete_todo, export_todos, sync_todos.",
    });
  });

  it("streams progress to the run's custom stream and to onProgress", async () => {
    const { tools } = todoTools();
    const seen: string[] = [];
    const agent = createAgent({
      model: model([
        () => chatToolCalls(call('export_todos', { steps: 2 }, 'call_1')),
        () => chatText('Exported.'),
      ]),
      tools: langChainTools(tools, {
        onProgress: (item, { callId }) =>
          seen.push(`${callId}: ${item.kind === 'text' ? item.text : item.kind}`),
      }),
    });
    const custom: unknown[] = [];
    for await (const chunk of await agent.stream(ask('export'), { streamMode: 'custom' })) custom.push(chunk);

    expect(seen).toEqual(['call_1: exported step 1 of 2', 'call_1: exported step 2 of 2']);
    expect(custom).toEqual([
      expect.objectContaining({ type: 'progress', kind: 'text', text: 'exported step 1 of 2' }),
      expect.objectContaining({ type: 'progress', kind: 'text', text: 'exported step 2 of 2' }),
    ]);
    expect(chatToolOutputs(server.requests[1]!)['call_1']).toBe('exported 1 todos');
  });

  it("aborts the tool's signal promptly when invoke's signal aborts mid-call", async () => {
    const { tools, log } = todoTools();
    const agent = createAgent({
      model: model([
        () => chatToolCalls(call('export_todos', { steps: 10 }, 'call_1')),
        () => chatText('late'),
      ]),
      tools: langChainTools(tools),
    });
    const controller = new AbortController();
    const running = agent.invoke(ask('export'), { signal: controller.signal });
    await log.exportStarted;
    const abortedAt = Date.now();
    controller.abort();
    const outcome = await running.then(
      () => 'resolved',
      () => 'rejected',
    );

    expect(outcome).toBe('rejected');
    expect(log.abortedAt).toBeDefined();
    expect(log.abortedAt! - abortedAt).toBeLessThan(250);
  });

  it('asks the approval policy before a call, and a refusal reads as toolwright permission text', async () => {
    const { tools, log } = todoTools();
    const asked: string[] = [];
    const agent = createAgent({
      model: model([
        () => chatToolCalls(call('delete_todo', { id: 1 }, 'call_1'), call('list_todos', {}, 'call_2')),
        () => chatText('Kept it.'),
      ]),
      tools: langChainTools(tools, {
        approval: async ({ toolName, callId, tool }) => {
          asked.push(`${toolName}/${callId}`);
          return tool.destructive ? 'deny' : 'allow';
        },
      }),
    });
    await agent.invoke(ask('delete todo 1'));

    expect(asked.sort()).toEqual(['delete_todo/call_1', 'list_todos/call_2']);
    expect(log.calls).toEqual(['list_todos']);
    expect(chatToolOutputs(server.requests[1]!)).toEqual({
      call_1:
        'delete_todo is not permitted to do that. Do not repeat the call; choose an action that is allowed.',
      call_2: '1: buy milk',
    });
  });

  it("gives a tool's failure to the model as toolwright's curated text, with status error", async () => {
    const { tools } = todoTools();
    const agent = createAgent({
      model: model([() => chatToolCalls(call('sync_todos', {}, 'call_1')), () => chatText('Sync failed.')]),
      tools: langChainTools(tools),
    });
    const result = await agent.invoke(ask('sync'));

    const output = String(chatToolOutputs(server.requests[1]!)['call_1']);
    expect(output).toBe(
      'sync_todos failed while running; the host has the details. Try another approach or different arguments.',
    );
    expect(output).not.toContain('sk-secret');
    const toolMessage = result.messages.find((message) => message.getType() === 'tool') as unknown as {
      status: string;
    };
    expect(toolMessage.status).toBe('error');
  });

  it("hands the config's host-only values to the tool, and scrubs them from what the model reads", async () => {
    const agent = createAgent({
      model: model([() => chatToolCalls(call('whoami', {}, 'call_1')), () => chatText('ok')]),
      tools: langChainTools(sessionTools(), {
        extensions: ({ config }) => [[SessionToken, config.configurable?.['session'] as Session]],
      }),
    });
    await agent.invoke(ask('who am I?'), {
      configurable: { session: { user: 'ann', token: 'sk-session-42' } },
    });

    const output = String(chatToolOutputs(server.requests[1]!)['call_1']);
    expect(output).toMatch(/^user ann, token /);
    expect(output).not.toContain('sk-session-42');
  });

  it('never hands LangChain a frozen schema, and adapts a plain ToolSet', async () => {
    const { tools } = todoTools();
    const set = new ToolSet();
    set.add(tools.get('list_todos')!.erased);
    const [tool] = langChainTools(set);
    expect(Object.isFrozen(tool!.schema)).toBe(false);
    expect(tool!.schema).toEqual(tools.get('list_todos')!.inputSchema);

    const message = await tool!.invoke({ type: 'tool_call', id: 'call_9', name: 'list_todos', args: {} });
    expect(message).toMatchObject({ content: '1: buy milk', tool_call_id: 'call_9', status: 'success' });
  });

  it("scrubs a value the host bound as secret from what the model reads (R9), not only the call's context", async () => {
    class ApiKey {
      constructor(readonly value: string) {}
    }
    const echoKey = createErasedTool({
      definition: {
        name: 'show_key',
        description: 'Echoes the key it was configured with.',
        inputSchema: { type: 'object', properties: {}, additionalProperties: false },
      },
      decode: (raw) => raw,
      invoke: () => 'configured with sk-live-secret-123',
    });
    const handle = new ToolRegistry()
      .provide(ApiKey, new ApiKey('sk-live-secret-123'), { secret: true })
      .tool(echoKey)
      .finalize();
    const [tool] = langChainTools(handle);
    const message = await tool!.invoke({ type: 'tool_call', id: 'call_s', name: 'show_key', args: {} });
    expect(message).toMatchObject({ content: 'configured with [redacted]', status: 'success' });
  });
});
