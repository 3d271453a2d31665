import 'reflect-metadata';
import { defineTool, dynamicTool, Param, Tool, type ToolOptions } from '@toolwright/core';
import { Expr } from '@toolwright/expr';
import fc from 'fast-check';
import { requiresKind, requiresTool, ToolRegistry, type ToolServerHandle } from '../src';

// A small CRM: two tools always loaded, the rest deferred in different ways.
function crm(options: ConstructorParameters<typeof ToolRegistry>[0] = {}): ToolRegistry {
  class EmailArgs {
    @Param({ description: 'The contact email', minLength: 3 })
    email!: string;
  }

  @Tool({ name: 'find_contact', description: 'Find a contact by email.', kind: 'search', args: EmailArgs })
  class FindContact {
    run(args: EmailArgs): string {
      return args.email;
    }
  }

  @Tool({
    name: 'delete_contact',
    description: 'Delete a contact.',
    kind: 'delete',
    args: EmailArgs,
    deferLoading: true,
    requires: requiresTool('find_contact'),
  })
  class DeleteContact {
    run(args: EmailArgs): string {
      return `deleted ${args.email}`;
    }
  }

  const note = defineTool(
    { name: 'add_note', description: 'Add a note to a contact.', kind: 'write', deferLoading: true },
    () => 'ok',
  );
  const ping = dynamicTool({
    name: 'ping',
    description: 'Ping.',
    parameters: { type: 'object' },
    run: () => 'pong',
  });
  return new ToolRegistry(options).tool(FindContact).tool(DeleteContact).tool(note).tool(ping);
}

const deferredOf = (tools: ToolServerHandle): string[] =>
  tools
    .tools()
    .filter((tool) => tool.deferLoading)
    .map((tool) => tool.name);

describe('deferLoading', () => {
  it('is what a tool declares, by @Tool, defineTool or dynamicTool, and false otherwise', () => {
    const tools = crm().finalize();
    expect(deferredOf(tools)).toEqual(['delete_contact', 'add_note']);
    const remote = dynamicTool({
      name: 'remote',
      description: 'A remote tool.',
      parameters: { type: 'object' },
      deferLoading: true,
      run: () => 'ok',
    });
    tools.add(remote);
    expect(tools.get('remote')!.deferLoading).toBe(true);
  });

  it('is decided by the registration, then the registry naming the tool, then the tool, then namespaces', () => {
    const registry = crm({ deferLoading: { namespaces: ['native'], tools: ['ping'] } });
    expect(deferredOf(registry.finalize())).toEqual(['find_contact', 'delete_contact', 'add_note', 'ping']);
    const kept = new ToolRegistry({ deferLoading: { tools: ['ping'] } })
      .tool(
        defineTool({ name: 'ping', description: 'Ping.' }, () => 'pong'),
        { deferLoading: false },
      )
      .tool(defineTool({ name: 'pong', description: 'Pong.', deferLoading: false }, () => 'ping'))
      .finalize();
    expect(deferredOf(kept)).toEqual([]);
    // A tool's own `false` wins over the registry's namespace or `all` fallback, not over its naming.
    const all = new ToolRegistry({ deferLoading: true })
      .tool(defineTool({ name: 'always', description: 'Always sent.', deferLoading: false }, () => 1))
      .tool(defineTool({ name: 'rarely', description: 'Rarely needed.' }, () => 2))
      .finalize();
    expect(deferredOf(all)).toEqual(['rarely']);
  });

  it('applies the registry policy to tools added at run time (an MCP import, say)', () => {
    const tools = new ToolRegistry({ deferLoading: { namespaces: ['mcp'] } })
      .tool(defineTool({ name: 'local', description: 'Local.' }, () => 1))
      .finalize();
    tools.add(
      dynamicTool({ name: 'remote__a', description: 'A.', parameters: { type: 'object' }, run: () => 1 }),
      { namespace: 'mcp' },
    );
    tools.add(dynamicTool({ name: 'b', description: 'B.', parameters: { type: 'object' }, run: () => 1 }), {
      deferLoading: true,
    });
    expect(deferredOf(tools)).toEqual(['remote__a', 'b']);
  });

  it('refuses a deferLoading that is not a boolean, and bad registry options', () => {
    expect(() =>
      dynamicTool({
        name: 'x',
        description: 'X.',
        parameters: { type: 'object' },
        deferLoading: 'yes' as unknown as boolean,
        run: () => 1,
      }),
    ).toThrow(/deferLoading must be a boolean/);
    expect(() => new ToolRegistry({ deferLoading: { tools: 'ping' as unknown as string[] } })).toThrow(
      'ToolRegistry deferLoading.tools must be an array of strings.',
    );
    expect(
      () => new ToolRegistry({ deferLoading: { anthropicSearch: 'fuzzy' as unknown as 'regex' } }),
    ).toThrow(`ToolRegistry deferLoading.anthropicSearch must be 'regex' or 'bm25' (got "fuzzy").`);
  });
});

describe('definitions(format) with deferred tools', () => {
  it('anthropic: deferred tools carry defer_loading and the regex tool search tool comes last', () => {
    const tools = crm().finalize();
    const definitions = tools.definitions('anthropic');
    expect(definitions.map((entry) => ('defer_loading' in entry ? entry.name + '*' : entry.name))).toEqual([
      'find_contact',
      'delete_contact*',
      'add_note*',
      'ping',
      'tool_search_tool_regex',
    ]);
    expect(definitions[1]).toEqual({
      name: 'delete_contact',
      description: 'Delete a contact.',
      input_schema: tools.get('delete_contact')!.inputSchema,
      defer_loading: true,
    });
    expect(definitions[4]).toEqual({
      type: 'tool_search_tool_regex_20251119',
      name: 'tool_search_tool_regex',
    });
    expect(tools.definitions('anthropic')).toBe(definitions);
  });

  it('anthropic: the BM25 variant when the registry asks for it', () => {
    const tools = crm({ deferLoading: { anthropicSearch: 'bm25' } }).finalize();
    expect(tools.definitions('anthropic').at(-1)).toEqual({
      type: 'tool_search_tool_bm25_20251119',
      name: 'tool_search_tool_bm25',
    });
  });

  it('openai-responses: flat function tools with explicit strict, defer_loading, and tool_search last', () => {
    const tools = crm().finalize();
    const definitions = tools.definitions('openai-responses');
    expect(definitions).toHaveLength(5);
    expect(definitions[0]).toEqual({
      type: 'function',
      name: 'find_contact',
      description: 'Find a contact by email.',
      parameters: tools.toolDefinitions('openai-strict')[0]!.function.parameters,
      strict: true,
    });
    expect(definitions[2]).toMatchObject({ type: 'function', name: 'add_note', defer_loading: true });
    // A raw schema OpenAI's strict mode would refuse is sent non-strict, not rejected.
    expect(definitions[3]).toEqual({
      type: 'function',
      name: 'ping',
      description: 'Ping.',
      parameters: { type: 'object' },
      strict: false,
    });
    expect(definitions[4]).toEqual({ type: 'tool_search' });
  });

  it('openai-responses: the deferred tools of a described namespace are grouped into one Responses namespace', () => {
    const remote = (name: string, deferLoading?: boolean) =>
      dynamicTool({
        name,
        description: `${name}.`,
        parameters: { type: 'object' },
        ...(deferLoading === undefined ? {} : { deferLoading }),
        run: () => 1,
      });
    const tools = crm({
      deferLoading: {
        namespaces: ['mcp'],
        openAiNamespaces: { mcp: 'The GitHub server: issues and pulls.' },
      },
    })
      .tool(remote('gh__issues'), { namespace: 'mcp' })
      .tool(remote('gh__pulls'), { namespace: 'mcp' })
      .tool(remote('gh__status', false), { namespace: 'mcp' })
      .finalize();
    const definitions = tools.definitions('openai-responses');
    expect(definitions.map((entry) => ('name' in entry ? entry.name : entry.type))).toEqual([
      'find_contact',
      'delete_contact',
      'add_note',
      'ping',
      'mcp',
      'gh__status',
      'tool_search',
    ]);
    expect(definitions[4]).toEqual({
      type: 'namespace',
      name: 'mcp',
      description: 'The GitHub server: issues and pulls.',
      tools: [
        {
          type: 'function',
          name: 'gh__issues',
          description: 'gh__issues.',
          parameters: { type: 'object' },
          strict: false,
          defer_loading: true,
        },
        {
          type: 'function',
          name: 'gh__pulls',
          description: 'gh__pulls.',
          parameters: { type: 'object' },
          strict: false,
          defer_loading: true,
        },
      ],
    });
    // Anthropic has no namespaces: the same tools, flat.
    expect(tools.definitions('anthropic')).toHaveLength(8);
    expect(() => new ToolRegistry({ deferLoading: { openAiNamespaces: { mcp: '' } } })).toThrow(
      'ToolRegistry deferLoading.openAiNamespaces must map namespaces to descriptions (non-empty strings).',
    );
  });

  it('formats without native search list every tool as its own definition, without a deferral flag', () => {
    const tools = crm().finalize();
    for (const format of ['openai', 'openai-strict', 'gemini', 'mcp'] as const) {
      const definitions = tools.definitions(format);
      expect(definitions).toBe(tools.toolDefinitions(format));
      expect(definitions).toHaveLength(4);
      expect(JSON.stringify(definitions)).not.toContain('defer_loading');
    }
  });

  it('toolDefinitions(format) is each tool without deferral, aligned with tools()', () => {
    const tools = crm().finalize();
    const own = tools.toolDefinitions('anthropic');
    expect(own.map((entry) => entry.name)).toEqual(tools.tools().map((tool) => tool.name));
    expect(JSON.stringify(own)).not.toContain('defer_loading');
    const nothingDeferred = crm({ deferLoading: false })
      .tool(defineTool({ name: 'other', description: 'Other.' }, () => 1))
      .finalize();
    nothingDeferred.remove(['delete_contact', 'add_note']);
    expect(nothingDeferred.definitions('anthropic')).toBe(nothingDeferred.toolDefinitions('anthropic'));
  });
});

describe('requiredToolClosure(names)', () => {
  function chain(): ToolServerHandle {
    const tool = (name: string, extra: Partial<ToolOptions>) =>
      defineTool({ name, description: `${name}.`, deferLoading: true, ...extra }, () => name);
    return new ToolRegistry()
      .tool(tool('read', { kind: 'read' }))
      .tool(tool('grep', { kind: 'search' }))
      .tool(tool('edit', { kind: 'edit', requires: requiresTool('read') }))
      .tool(
        tool('refactor', { kind: 'edit', requires: Expr.and(requiresTool('edit'), requiresKind('search')) }),
      )
      .tool(tool('either', { requires: Expr.or(requiresTool('absent_tool'), requiresTool('grep')) }))
      .tool(tool('never_with_read', { requires: Expr.not(requiresTool('missing_too')) }))
      .finalize();
  }

  it('brings what a tool requires, transitively, in registration order', () => {
    const tools = chain();
    expect(tools.requiredToolClosure(['refactor'])).toEqual(['read', 'grep', 'edit', 'refactor']);
    expect(tools.requiredToolClosure(['edit'])).toEqual(['read', 'edit']);
    expect(tools.snapshot().requiredToolClosure(new Set(['read']))).toEqual(['read']);
  });

  it('takes the alternative of an or whose tools are registered, brings nothing for a not, drops unknown names', () => {
    const tools = chain();
    expect(tools.requiredToolClosure(['either'])).toEqual(['grep', 'either']);
    expect(tools.requiredToolClosure(['never_with_read', 'nope'])).toEqual(['never_with_read']);
    expect(tools.requiredToolClosure([])).toEqual([]);
  });

  it('is a closure: it contains its registered inputs, and closing it again adds nothing (any requirement graph)', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 10 })
          .chain((size) =>
            fc.tuple(
              fc.constant(size),
              fc.array(fc.array(fc.nat(size + 2), { maxLength: 3 }), { minLength: size, maxLength: size }),
              fc.array(fc.nat(size + 2), { maxLength: 4 }),
            ),
          ),
        ([size, needs, picked]) => {
          const registry = new ToolRegistry();
          for (let index = 0; index < size; index++) {
            // Requirements only on registered, earlier-or-later tools; names past `size` are unknown.
            const required = needs[index]!.filter((other) => other < size && other !== index);
            registry.tool(
              defineTool(
                {
                  name: `t${index}`,
                  description: `Tool ${index}.`,
                  deferLoading: index % 2 === 0,
                  ...(required.length === 0
                    ? {}
                    : { requires: Expr.and(...required.map((other) => requiresTool(`t${other}`))) }),
                },
                () => index,
              ),
            );
          }
          const tools = registry.finalize();
          const names = picked.map((index) => `t${index}`);
          const closure = tools.requiredToolClosure(names);
          for (const name of names) if (tools.has(name)) expect(closure).toContain(name);
          expect(tools.requiredToolClosure(closure)).toEqual(closure);
          for (const name of closure) {
            for (const other of needs[Number(name.slice(1))]!.filter((n) => n < size && `t${n}` !== name))
              expect(closure).toContain(`t${other}`);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a kind requirement is met by a tool that is always sent without bringing another', () => {
    const tools = new ToolRegistry()
      .tool(defineTool({ name: 'grep', description: 'Grep.', kind: 'search' }, () => 1))
      .tool(defineTool({ name: 'glob', description: 'Glob.', kind: 'search', deferLoading: true }, () => 1))
      .tool(
        defineTool(
          {
            name: 'refactor',
            description: 'Refactor.',
            deferLoading: true,
            requires: requiresKind('search'),
          },
          () => 1,
        ),
      )
      .finalize();
    expect(tools.requiredToolClosure(['refactor'])).toEqual(['refactor']);
  });
});
