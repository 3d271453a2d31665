// #region first-tool
import 'reflect-metadata';
import { Param, Tool, ToolSet, eraseTool } from '@toolwright/core';

class ReadFileArgs {
  @Param({ description: 'Path relative to the workspace root', minLength: 1 })
  path!: string;

  @Param({ description: 'First line to read, 1-based', optional: true, integer: true, minimum: 1 })
  offset?: number;
}

@Tool({
  name: 'read_file',
  description: 'Read a text file.',
  kind: 'read',
  readOnly: true,
  args: ReadFileArgs,
})
class ReadFile {
  constructor(private readonly files: Map<string, string>) {}

  run(args: ReadFileArgs): string {
    const lines = (this.files.get(args.path) ?? '').split('\n');
    return lines.slice((args.offset ?? 1) - 1).join('\n');
  }
}
// #endregion

describe('getting started', () => {
  it('runs a first tool, good call and bad call', async () => {
    // #region first-call
    const tools = new ToolSet().add(eraseTool(new ReadFile(new Map([['a.txt', 'one\ntwo\nthree']]))));

    const good = await tools.call('read_file', '{"path":"a.txt","offset":2}');
    // good.ok === true, good.value === 'two\nthree'

    const bad = await tools.call('read_file', '{"path":"a.txt","offset":"two"}');
    // bad.ok === false, bad.error.kind === 'invalid_arguments', and the model reads:
    // Invalid arguments for read_file:
    //   - offset: expected an integer >= 1, received "two"
    // Fix these and call read_file again.
    // #endregion
    expect(good.ok && good.value).toBe('two\nthree');
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.error.kind).toBe('invalid_arguments');
    expect(bad.error.modelText).toBe(
      'Invalid arguments for read_file:\n  - offset: expected an integer >= 1, received "two"\nFix these and call read_file again.',
    );
  });

  it('derives the schema the model sees from the args class', () => {
    const tools = new ToolSet().add(eraseTool(new ReadFile(new Map())));
    expect(tools.definitions()[0]!.inputSchema).toEqual({
      type: 'object',
      properties: {
        path: { type: 'string', description: 'Path relative to the workspace root', minLength: 1 },
        offset: { type: 'integer', description: 'First line to read, 1-based', minimum: 1 },
      },
      required: ['path'],
      additionalProperties: false,
    });
  });
});
