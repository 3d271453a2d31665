import 'reflect-metadata';
import { erasedTool } from './erased-tool';
import { Expr } from '@toolwright/expr';
import { hasParam, paramEquals, requiresKind, requiresTool, ToolRegistry } from '../src';

function tool(
  name: string,
  options: { requires?: unknown; description?: string; kind?: string; properties?: string[] } = {},
) {
  const properties = Object.fromEntries(
    (options.properties ?? []).map((property) => [property, { type: 'string' }]),
  );
  // An erased tool carries requires and kind on its definition, as core's ToolDefinition allows.
  return erasedTool({
    name,
    description: options.description ?? `The ${name} tool.`,
    parameters: { type: 'object', properties },
    run: () => name,
    requires: options.requires,
    kind: options.kind,
  });
}

describe('the requirement graph', () => {
  it('shows tools, what they need, exclusivity and what is missing', () => {
    const registry = new ToolRegistry()
      .tool(tool('edit', { kind: 'edit', properties: ['old_string', 'new_string'] }))
      .tool(
        tool('search_replace', {
          kind: 'edit',
          description: 'See ${{ tools.grep }}.',
          requires: Expr.and(
            Expr.or(requiresTool('read_file'), paramEquals('skipReadBeforeEdit', true)),
            requiresTool('edit', Expr.and(hasParam('old_string'), hasParam('replace_all'))),
            requiresKind('edit'),
          ),
        }),
      )
      .tool(tool('hashline_edit', { kind: 'edit' }))
      .exclusive(['edit', 'hashline_edit'], 'two editors');

    const graph = registry.graph();
    expect(graph.nodes).toEqual([
      {
        id: 'tool:edit',
        type: 'tool',
        name: 'edit',
        kind: 'edit',
        namespace: 'native',
        holds: true,
        built: true,
      },
      {
        id: 'tool:search_replace',
        type: 'tool',
        name: 'search_replace',
        kind: 'edit',
        namespace: 'native',
        requires:
          '(read_file OR skipReadBeforeEdit = true) AND edit(param:old_string AND param:replace_all) AND kind:edit',
        holds: false,
        built: true,
      },
      {
        id: 'tool:hashline_edit',
        type: 'tool',
        name: 'hashline_edit',
        kind: 'edit',
        namespace: 'native',
        holds: true,
        built: true,
      },
      { id: 'tool:read_file', type: 'missing_tool', name: 'read_file' },
      {
        id: 'config:params.search_replace.skipReadBeforeEdit',
        type: 'config',
        path: 'params.search_replace.skipReadBeforeEdit',
        expected: true,
        actual: undefined,
        holds: false,
      },
      { id: 'param:edit.old_string', type: 'param', tool: 'edit', name: 'old_string', exposed: true },
      { id: 'param:edit.replace_all', type: 'param', tool: 'edit', name: 'replace_all', exposed: false },
      { id: 'kind:edit', type: 'kind', kind: 'edit', tools: ['edit', 'search_replace', 'hashline_edit'] },
      { id: 'tool:grep', type: 'missing_tool', name: 'grep' },
    ]);
    expect(graph.edges).toEqual([
      { from: 'tool:search_replace', to: 'tool:read_file', type: 'requires', holds: false },
      {
        from: 'tool:search_replace',
        to: 'config:params.search_replace.skipReadBeforeEdit',
        type: 'requires',
        holds: false,
      },
      { from: 'tool:search_replace', to: 'tool:edit', type: 'requires', holds: false },
      {
        from: 'tool:edit',
        to: 'param:edit.old_string',
        type: 'requires',
        holds: true,
        owner: 'search_replace',
      },
      {
        from: 'tool:edit',
        to: 'param:edit.replace_all',
        type: 'requires',
        holds: false,
        owner: 'search_replace',
      },
      { from: 'tool:search_replace', to: 'kind:edit', type: 'requires', holds: true },
      { from: 'tool:search_replace', to: 'tool:grep', type: 'template', holds: false },
      { from: 'tool:edit', to: 'tool:hashline_edit', type: 'exclusive', holds: false, reason: 'two editors' },
    ]);
  });

  it('is available from a finalized handle, for the current snapshot', () => {
    const tools = new ToolRegistry().tool(tool('a')).finalize();
    expect(tools.requirementGraph().nodes.map((node) => node.id)).toEqual(['tool:a']);
    tools.add(tool('b', { requires: requiresTool('a') }));
    expect(tools.requirementGraph().edges).toEqual([
      { from: 'tool:b', to: 'tool:a', type: 'requires', holds: true },
    ]);
    // Removing a tool another requires is refused, and nothing changes.
    expect(() => tools.remove('a')).toThrow('b requires a, and a is not registered.');
    expect(tools.snapshot().names).toEqual(['a', 'b']);
    expect(tools.check()).toEqual([]);
  });
});
