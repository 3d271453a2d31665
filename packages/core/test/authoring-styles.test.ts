import 'reflect-metadata';
import Ajv from 'ajv';
import {
  Param,
  Tool,
  ToolSet,
  defineTool,
  dynamicTool,
  eraseTool,
  eraseTools,
  schemaOf,
  type ErasedTool,
  type ToolDefinition,
} from '@toolwright/core';

// The same tool — search { pattern: string (1..100), limit?: integer 1..50 } — written the five
// ways DESIGN.md lists. Everything the model and the runtime see must be the same.
function fiveWays(): ErasedTool[] {
  class SearchArgs {
    @Param({ description: 'Regular expression', minLength: 1, maxLength: 100 })
    pattern!: string;

    @Param({ description: 'Result cap', optional: true, integer: true, minimum: 1, maximum: 50 })
    limit?: number;
  }
  const options = {
    name: 'search',
    description: 'Search the notes.',
    kind: 'search',
    readOnly: true,
    annotations: { idempotent: true },
  } as const;
  const search = (pattern: string, limit: number | undefined) => `${pattern}:${limit ?? 10}`;

  @Tool({ ...options, args: SearchArgs })
  class SearchTool {
    run(args: SearchArgs) {
      return search(args.pattern, args.limit);
    }
  }

  class NotesService {
    @Tool(options)
    search(args: SearchArgs) {
      return search(args.pattern, args.limit);
    }
  }

  class InlineService {
    @Tool(options)
    search(
      @Param('pattern', { description: 'Regular expression', minLength: 1, maxLength: 100 }) pattern: string,
      @Param('limit', { description: 'Result cap', optional: true, integer: true, minimum: 1, maximum: 50 })
      limit?: number,
    ) {
      return search(pattern, limit);
    }
  }

  const fn = defineTool({ ...options, args: SearchArgs }, (args: SearchArgs) =>
    search(args.pattern, args.limit),
  );

  // A dynamic tool validates with whatever the host gives it; here ajv, as MCP imports do.
  const validate = new Ajv({ allErrors: true }).compile(schemaOf(SearchArgs));
  const dynamic = dynamicTool({
    ...options,
    namespace: 'native',
    parameters: schemaOf(SearchArgs),
    validate: (args) =>
      validate(args)
        ? undefined
        : (validate.errors ?? []).map((e) => ({
            path: e.instancePath.slice(1),
            expected: e.message ?? 'valid',
            received: 'invalid',
          })),
    run: (args) => search(args['pattern'] as string, args['limit'] as number | undefined),
  });

  return [
    eraseTool(new SearchTool()),
    ...eraseTools(new NotesService()),
    eraseTool(new InlineService()),
    eraseTool(fn),
    dynamic,
  ];
}

// What the model and the runtime see; `source` says where the code is, and differs by design.
function visible(definition: ToolDefinition): Omit<ToolDefinition, 'source'> {
  const { source: _source, ...rest } = definition;
  return rest;
}

describe('the five authoring styles', () => {
  it('produce the same definition for the same tool', () => {
    const [first, ...others] = fiveWays().map((tool) => visible(tool.definition));
    expect(first).toMatchObject({ name: 'search', kind: 'search', namespace: 'native', readOnly: true });
    for (const other of others) expect(other).toEqual(first);
  });

  it.each([
    ['{"pattern":"todo","limit":5}'],
    ['{"pattern":"todo"}'],
    ['{"pattern":""}'],
    ['{"pattern":"todo","limit":51}'],
    ['{"pattern":"todo","limit":2.5}'],
    ['{"pattern":"todo","extra":1}'],
    ['{"limit":5}'],
    ['[]'],
  ])('behave the same on %s', async (raw) => {
    const outcomes = await Promise.all(
      fiveWays().map(async (tool) => {
        const result = await new ToolSet().add(tool).call('search', raw);
        return result.ok
          ? { ok: true, value: result.value }
          : { ok: false, kind: result.error.kind, paths: result.error.issues?.map((i) => i.path) };
      }),
    );
    const decorated = outcomes.slice(0, 4);
    for (const other of decorated.slice(1)) expect(other).toEqual(decorated[0]);
    // The dynamic tool's verdict and error kind agree; its issue paths are its validator's.
    const { paths: _paths, ...verdict } = decorated[0]!;
    const { paths: _dynamicPaths, ...dynamicVerdict } = outcomes[4]!;
    expect(dynamicVerdict).toEqual(verdict);
  });

  it('differ only where documented: a dynamic tool does not coerce, its validator judges the raw value', async () => {
    const tools = fiveWays();
    const decorated = await new ToolSet().add(tools[0]!).call('search', '{"pattern":"todo","limit":"5"}');
    expect(decorated.ok && decorated.value).toBe('todo:5');
    const dynamic = await new ToolSet().add(tools[4]!).call('search', '{"pattern":"todo","limit":"5"}');
    expect(!dynamic.ok && dynamic.error.kind).toBe('invalid_arguments');
  });
});
