import 'reflect-metadata';
import { IsInt, Max, Min } from 'class-validator';
import { Param, Tool, defineTool, type ToolCallContext } from '@toolwright/core';

/** Arguments of read_file: decorated properties become the JSON Schema the model sees. */
export class ReadFileArgs {
  @Param({ description: 'Path relative to the workspace root', minLength: 1 })
  path!: string;

  @Param({ description: 'First line to read, 1-based', optional: true, integer: true, minimum: 1 })
  offset?: number;

  // class-validator decorators on the same property validate and appear in the schema too.
  @Param({ description: 'Lines to read', optional: true })
  @IsInt()
  @Min(1)
  @Max(10000)
  limit?: number;
}

/** A class tool: one tool, `run(args, ctx)`. */
@Tool({
  name: 'read_file',
  description: 'Read lines of a text file.',
  kind: 'read',
  readOnly: true,
  args: ReadFileArgs,
})
export class ReadFile {
  constructor(private readonly files: ReadonlyMap<string, string>) {}

  run(args: ReadFileArgs): string {
    const text = this.files.get(args.path);
    if (text === undefined) return `No such file: ${args.path}`;
    const lines = text.split('\n');
    const start = (args.offset ?? 1) - 1;
    return lines.slice(start, start + (args.limit ?? lines.length)).join('\n');
  }
}

/** A service class: each `@Tool` method is a tool, sharing the instance. */
export class Arithmetic {
  @Tool({ name: 'add', description: 'Add two integers.', kind: 'other', readOnly: true })
  add(@Param('a', { integer: true }) a: number, @Param('b', { integer: true }) b: number): number {
    return a + b;
  }

  @Tool({ name: 'count_down', description: 'Count down from a number, reporting each step.', readOnly: true })
  async *countDown(
    @Param('from', { integer: true, minimum: 1, maximum: 5 }) from: number,
    ctx: ToolCallContext,
  ) {
    for (let n = from; n > 0; n--) {
      if (ctx.signal.aborted) break;
      yield `${n}…`;
    }
    return 'lift-off';
  }
}

class GreetArgs {
  @Param({ description: 'Who to greet', enum: ['world', 'team'] })
  who!: string;
}

/** A function tool: the same record as `@Tool`, no class needed. */
export const greet = defineTool(
  { name: 'greet', description: 'Greet someone.', readOnly: true, args: GreetArgs },
  (args: GreetArgs) => `Hello, ${args.who}!`,
);
