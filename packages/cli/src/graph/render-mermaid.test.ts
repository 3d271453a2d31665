import type { RequirementGraph } from '@toolwright/registry';
import { renderDot } from './render-dot';
import { renderMermaid } from './render-mermaid';

const graph: RequirementGraph = {
  nodes: [
    {
      id: 'tool:search_replace',
      type: 'tool',
      name: 'search_replace',
      kind: 'edit',
      namespace: 'native',
      requires: 'read_file',
      holds: false,
    },
    { id: 'tool:edit', type: 'tool', name: 'edit', kind: 'edit', namespace: 'native', holds: true },
    {
      id: 'tool:apply_patch',
      type: 'tool',
      name: 'apply_patch',
      kind: 'patch',
      namespace: 'native',
      holds: true,
    },
    { id: 'tool:read_file', type: 'missing_tool', name: 'read_file' },
    {
      id: 'config:params.x.y',
      type: 'config',
      path: 'params.x.y',
      expected: true,
      actual: false,
      holds: false,
    },
  ],
  edges: [
    { from: 'tool:search_replace', to: 'tool:read_file', type: 'requires', holds: false },
    { from: 'tool:edit', to: 'config:params.x.y', type: 'requires', holds: false },
    { from: 'tool:edit', to: 'tool:apply_patch', type: 'exclusive', holds: false, reason: 'two "editors"' },
  ],
};

describe('renderMermaid', () => {
  it('draws nodes, edges, the missing highlight and the broken links', () => {
    expect(renderMermaid(graph)).toBe(
      [
        'flowchart LR',
        '  n0["search_replace<br/>edit · native<br/>requires read_file"]',
        '  n1["edit<br/>edit · native"]',
        '  n2["apply_patch<br/>patch · native"]',
        '  n3["read_file<br/>not registered"]',
        '  n4{{"params.x.y = false<br/>needs true"}}',
        '  n0 --> n3',
        '  n1 --> n4',
        '  n1 -.-|exclusive| n2',
        '  classDef tool fill:#e8f0fe,stroke:#3b6fd8,color:#0b1f44',
        '  classDef unmet fill:#fff4e5,stroke:#d93025,stroke-width:2px,color:#5f1d00',
        '  classDef missing fill:#fdecea,stroke:#d93025,stroke-width:2px,stroke-dasharray:5 3,color:#a50e0e',
        '  classDef need fill:#f1f3f4,stroke:#80868b,color:#202124',
        '  class n1,n2 tool',
        '  class n0 unmet',
        '  class n3 missing',
        '  class n4 need',
        '  linkStyle 0,2 stroke:#d93025,stroke-width:2px,color:#d93025',
        '  linkStyle 1 stroke:#9aa0a6,stroke-dasharray:3 3',
        '',
      ].join('\n'),
    );
  });

  it('escapes what would end a label', () => {
    const text = renderMermaid({
      nodes: [{ id: 'tool:a"b', type: 'missing_tool', name: 'a"b<c>' }],
      edges: [],
    });
    expect(text).toContain('n0["a#34;b#60;c#62;<br/>not registered"]');
  });
});

describe('renderDot', () => {
  it('quotes ids and labels, and marks missing nodes and broken edges', () => {
    const text = renderDot(graph);
    expect(text).toContain(
      '"tool:read_file" [label="read_file\\nnot registered", shape=box, style="filled,dashed"',
    );
    expect(text).toContain(
      '"tool:search_replace" -> "tool:read_file" [color="#d93025", fontcolor="#d93025", penwidth=2];',
    );
    expect(text).toContain(
      '"tool:edit" -> "tool:apply_patch" [label="exclusive", dir=both, arrowhead=tee, arrowtail=tee, style=dashed, color="#d93025"',
    );
  });
});
