import { ChatOpenAI } from '@langchain/openai';
import { createAgent, createMiddleware } from 'langchain';
import { langChainNearMissRepair, langChainTools } from '../../src';
import {
  chatText,
  chatToolCalls,
  chatToolOutputs,
  startOpenAiWireServer,
  type OpenAiWireServer,
} from '../../../openai-agents/test/support/openai-wire-server';
import { todoTools } from '../../../openai-agents/test/support/todo-tools';

let server: OpenAiWireServer;

beforeAll(async () => {
  server = await startOpenAiWireServer();
});

afterAll(() => server.close());

// The snippets of docs/frameworks.md; `tools` is a finalized registry.
describe('docs/frameworks.md', () => {
  it('runs toolwright tools in createAgent', async () => {
    const { tools } = todoTools();
    server.script([
      () => chatToolCalls({ name: 'add_todo', arguments: '{"title":"","priority":9}', callId: 'call_1' }),
      () =>
        chatToolCalls({ name: 'add_todo', arguments: '{"title":"call mum","priority":2}', callId: 'call_2' }),
      () => chatText('Added “call mum”.'),
    ]);
    const model = new ChatOpenAI({
      model: 'gpt-4o-mini',
      apiKey: 'test-key',
      maxRetries: 0,
      configuration: { baseURL: server.baseURL },
    });
    const signal = new AbortController().signal;
    // #region agent
    const todoList = langChainTools(tools); // registry.finalize(), a snapshot of it, or a ToolSet
    const agent = createAgent({
      model,
      tools: todoList,
      middleware: [createMiddleware(langChainNearMissRepair(todoList))], // list_todo → list_todos
    });
    const result = await agent.invoke(
      { messages: [{ role: 'user', content: 'Add “call mum”.' }] },
      { signal }, // reaches every running tool's ctx.signal
    );
    // result.messages[2]  ToolMessage { status: 'error', content: 'Invalid arguments for add_todo:\n  - title: …' }
    // result.messages[4]  ToolMessage { status: 'success', content: 'Added todo 2.', artifact: ToolResult }
    // #endregion
    expect(result.messages[2]).toMatchObject({ status: 'error' });
    expect(String(result.messages[2]!.content)).toMatch(/^Invalid arguments for add_todo:\n {2}- title: /);
    expect(result.messages[4]).toMatchObject({ status: 'success', content: 'Added todo 2.' });
    expect(String(chatToolOutputs(server.requests[1]!)['call_1'])).toMatch(/^Invalid arguments for add_todo/);
  });
});
