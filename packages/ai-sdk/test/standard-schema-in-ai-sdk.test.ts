import 'reflect-metadata';
import { Param, standardSchemaOf } from '@toolwright/core';
import { generateText, stepCountIs, tool } from 'ai';
import { AI_SDK_NODE, scriptedModel, toolOutputsIn } from './support/scripted-model';

// standardSchemaOf as a consumer of Standard Schema sees it: the AI SDK's own tool() given an args
// class's Standard Schema, with no adapter, in a real generateText loop.
const describeAiSdk = AI_SDK_NODE ? describe : describe.skip;

class ReadArgs {
  @Param({ description: 'The note name', minLength: 1 })
  name!: string;

  @Param({ description: 'First line', optional: true, integer: true, minimum: 1 })
  offset?: number;
}

describeAiSdk('standardSchemaOf in the AI SDK', () => {
  it('gives the AI SDK the draft-07 schema, and execute an instance of the args class', async () => {
    const seen: unknown[] = [];
    const readNote = tool({
      description: 'Read a note.',
      inputSchema: standardSchemaOf(ReadArgs, { toolName: 'read_note' }),
      execute: (args) => {
        seen.push(args);
        return `read ${args.name} from ${args.offset ?? 1}`;
      },
    });
    const { model, calls } = scriptedModel([
      { toolCalls: [{ name: 'read_note', input: '{"name":"todo","offset":"2"}' }] },
      { toolCalls: [{ name: 'read_note', input: '{"name":"","offset":0}' }] },
      { text: 'done' },
    ]);
    await generateText({ model, tools: { read_note: readNote }, prompt: 'read', stopWhen: stepCountIs(4) });
    const offered = calls[0]!.tools![0] as unknown as { inputSchema: Record<string, unknown> };
    expect(offered.inputSchema).toMatchObject({
      $schema: 'http://json-schema.org/draft-07/schema#',
      properties: { name: { type: 'string', minLength: 1 }, offset: { type: 'integer', minimum: 1 } },
      required: ['name'],
      additionalProperties: false,
    });
    // toolwright's decoder ran as the AI SDK's validation: "2" coerced, a real ReadArgs instance.
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBeInstanceOf(ReadArgs);
    expect(seen[0]).toMatchObject({ name: 'todo', offset: 2 });
    expect(toolOutputsIn(calls[1])).toEqual([
      { toolName: 'read_note', output: { type: 'text', value: 'read todo from 2' } },
    ]);
    // Rejected by toolwright's issues (wrapped in the AI SDK's own wording: what the adapter avoids).
    const [, rejected] = toolOutputsIn(calls[2]);
    const text = (rejected!.output as { value: string }).value;
    expect(text).toContain('expected a string of at least 1 character');
    expect(text).toContain('expected an integer >= 1, received 0');
  });
});
