import { Agent, run, setDefaultOpenAIClient, setTracingDisabled } from '@openai/agents';
import OpenAI from 'openai';
import { openAiAgentsRunOptions, openAiAgentsTools } from '../../src';
import {
  responsesText,
  responsesToolCalls,
  responsesToolOutputs,
  startOpenAiWireServer,
  type OpenAiWireServer,
} from '../support/openai-wire-server';
import { todoTools } from '../support/todo-tools';

setTracingDisabled(true);

let server: OpenAiWireServer;

beforeAll(async () => {
  server = await startOpenAiWireServer();
  setDefaultOpenAIClient(new OpenAI({ baseURL: server.baseURL, apiKey: 'test-key', maxRetries: 0 }));
});

afterAll(() => server.close());

// The snippets of docs/frameworks.md; `tools` is a finalized registry (test/support/todo-tools.ts).
describe('docs/frameworks.md', () => {
  it('runs toolwright tools in run()', async () => {
    const { tools } = todoTools();
    server.script([
      () => responsesToolCalls({ name: 'list_todo', arguments: '{"contains":null}', callId: 'call_1' }),
      () => responsesToolCalls({ name: 'list_todos', arguments: '{"contains":null}', callId: 'call_2' }),
      () => responsesText('You have one todo: buy milk.'),
    ]);
    const signal = new AbortController().signal;
    // #region run
    const agent = new Agent({
      name: 'todos',
      instructions: 'You keep the user’s todos.',
      // registry.finalize(), a snapshot of it, or a ToolSet; destructive tools wait for a person
      tools: openAiAgentsTools(tools, { approval: 'destructive' }),
    });
    const result = await run(agent, 'What is on my list?', {
      ...openAiAgentsRunOptions(tools), // a near-miss name reads "Did you mean 'list_todos'?"
      signal, // reaches every running tool's ctx.signal
    });
    // result.finalOutput   'You have one todo: buy milk.'
    // #endregion
    expect(result.finalOutput).toBe('You have one todo: buy milk.');
    expect(String(responsesToolOutputs(server.requests[1]!)['call_1'])).toContain(
      "Did you mean 'list_todos'?",
    );
  });

  it('resumes a run paused for approval', async () => {
    const { tools, log } = todoTools();
    server.script([
      () => responsesToolCalls({ name: 'delete_todo', arguments: '{"id":1}', callId: 'call_1' }),
      () => responsesText('Deleted.'),
    ]);
    const agent = new Agent({
      name: 'todos',
      instructions: 'You keep the user’s todos.',
      tools: openAiAgentsTools(tools, { approval: 'destructive' }),
    });
    const userSays = (): boolean => true;
    // #region approve
    let result = await run(agent, 'Delete todo 1.', openAiAgentsRunOptions(tools));
    while (result.interruptions.length > 0) {
      for (const pending of result.interruptions) {
        // pending.name 'delete_todo', pending.arguments '{"id":1}'
        if (userSays()) result.state.approve(pending);
        else result.state.reject(pending); // the model reads toolwright's permission_denied text
      }
      result = await run(agent, result.state, openAiAgentsRunOptions(tools));
    }
    // #endregion
    expect(result.finalOutput).toBe('Deleted.');
    expect(log.calls).toEqual(['delete_todo:1']);
  });
});
