import { generateText, stepCountIs, streamText } from 'ai';
import { aiSdkTools, repairToolCall } from '../../src';
import { notesTools, Session } from '../support/notes-tools';
import { AI_SDK_NODE, scriptedModel } from '../support/scripted-model';

// The AI SDK section of docs/frameworks.md: each `#region` is shown on the page (scripts/doc-snippets.js).
const describeAiSdk = AI_SDK_NODE ? describe : describe.skip;

describeAiSdk('docs/frameworks.md: the AI SDK', () => {
  it('runs toolwright tools in generateText', async () => {
    const { tools: registry } = notesTools();
    const { model } = scriptedModel([
      { toolCalls: [{ name: 'raed_note', input: '{"name":"todo"}' }] },
      { text: 'Your todo: buy milk.' },
    ]);
    const session = { user: 'ann', token: 'sk-session-42' };
    // #region ai-sdk
    // registry: a finalized toolwright registry (registry.finalize()), one of its snapshots, or a ToolSet
    const tools = aiSdkTools(registry, {
      extensions: [[Session, session]], // host-only values the tools read (ctx.get(Session)), never shown to the model
      needsApproval: ({ tool }) => !tool.readOnly, // writes wait for the user's approval
    });
    const result = await generateText({
      model, // any AI SDK model: openai('gpt-5'), anthropic(…), or MockLanguageModelV4 in tests
      tools,
      repairToolCall, // raed_note → read_note: near-miss names are renamed, not failed
      stopWhen: stepCountIs(5),
      prompt: 'What is on my todo list?',
    });
    // result.text                    'Your todo: buy milk.'
    // result.steps[0].toolResults[0]  { toolName: 'read_note', output: { type: 'result', json: 'buy milk', content: [...] } }
    // #endregion
    expect(result.text).toBe('Your todo: buy milk.');
    expect(result.steps[0]!.toolResults[0]).toMatchObject({
      toolName: 'read_note',
      output: { type: 'result', json: 'buy milk', content: [{ type: 'text', text: 'buy milk' }] },
    });
  });

  it('streams progress in streamText', async () => {
    const { tools: registry } = notesTools();
    const { model } = scriptedModel([
      { toolCalls: [{ name: 'count', input: '{"steps":2}' }] },
      { text: 'Done.' },
    ]);
    const lines: string[] = [];
    const print = (line: string): void => void lines.push(line);
    // #region ai-sdk-stream
    const run = streamText({
      model,
      tools: aiSdkTools(registry),
      stopWhen: stepCountIs(5),
      prompt: 'Count to two.',
    });
    for await (const part of run.fullStream) {
      if (part.type !== 'tool-result') continue;
      const output = part.output; // an AiSdkToolOutput
      if (output.type === 'progress' && output.progress.kind === 'text') print(`  │ ${output.progress.text}`);
      if (output.type === 'result' && !part.preliminary)
        print(`  ${part.toolName}: ${JSON.stringify(output.json)}`);
    }
    // lines: '  │ step 1 of 2', '  │ step 2 of 2', '  count: "counted to 2"'
    // #endregion
    expect(lines).toEqual(['  │ step 1 of 2', '  │ step 2 of 2', '  count: "counted to 2"']);
  });
});
