import 'reflect-metadata';
import { Param, Tool } from '@toolwright/core';
import { Expr } from '@toolwright/expr';
import { hasParam, requiresTool, ToolRegistry } from '@toolwright/registry';
import { inject } from 'inversify';
import { graphView } from './graph-view';

describe('graphView', () => {
  it('draws a violated NOT and a missing nested parameter as broken, and an unbuildable tool as a problem', () => {
    class Workspace {}
    class EditArgs {
      @Param({ description: 'Path' }) path!: string;
    }
    @Tool({ name: 'edit', description: 'Edit.', args: EditArgs })
    class Edit {
      run(): string {
        return 'edited';
      }
    }
    @Tool({ name: 'shell', description: 'Shell.' })
    class Shell {
      constructor(@inject(Workspace) readonly workspace: Workspace) {}
      run(): string {
        return 'ran';
      }
    }
    @Tool({
      name: 'search_replace',
      description: 'Replace.',
      requires: [Expr.not(requiresTool('shell')), requiresTool('edit', hasParam('replace_all'))],
    })
    class SearchReplace {
      run(): string {
        return 'replaced';
      }
    }
    const graph = new ToolRegistry().tool(Edit).tool(Shell).tool(SearchReplace).graph();
    const { nodes, edges } = graphView(graph);

    const not = edges.find((edge) => edge.from === 'tool:search_replace' && edge.to === 'tool:shell');
    expect(not).toEqual({
      from: 'tool:search_replace',
      to: 'tool:shell',
      type: 'requires',
      label: 'not',
      style: 'broken',
    });
    const nested = edges.find((edge) => edge.to === 'param:edit.replace_all');
    expect(nested).toMatchObject({ from: 'tool:edit', style: 'broken' });

    const shell = nodes.find((node) => node.id === 'tool:shell');
    expect(shell).toMatchObject({ style: 'unmet' });
    expect(shell?.lines).toContain('cannot be built: needs Workspace, which is not bound');
  });
});
