import type { RequirementGraph } from '@toolwright/registry';
import { graphView, type EdgeView, type NodeView } from './graph-view';

const NODE_COLOURS: Record<NodeView['style'], string> = {
  tool: 'fillcolor="#e8f0fe", color="#3b6fd8"',
  unmet: 'fillcolor="#fff4e5", color="#d93025", penwidth=2',
  missing: 'fillcolor="#fdecea", color="#d93025", fontcolor="#a50e0e", penwidth=2',
  need: 'fillcolor="#f1f3f4", color="#80868b"',
};

const SHAPES: Record<NodeView['shape'], string> = {
  box: 'box',
  round: 'box',
  parallelogram: 'parallelogram',
  hexagon: 'hexagon',
};

/** The requirement graph in Graphviz DOT (`dot -Tsvg`): missing things dashed red, broken links red. */
export function renderDot(graph: RequirementGraph): string {
  const { nodes, edges } = graphView(graph);
  const lines = [
    'digraph requirements {',
    '  rankdir=LR;',
    '  node [shape=box, fontname="Helvetica", fontsize=11];',
    '  edge [fontname="Helvetica", fontsize=10];',
  ];
  for (const node of nodes) {
    const style = [
      'filled',
      ...(node.shape === 'round' ? ['rounded'] : []),
      ...(node.style === 'missing' ? ['dashed'] : []),
    ];
    lines.push(
      `  ${quote(node.id)} [label=${quote(node.lines.join('\n'))}, shape=${SHAPES[node.shape]}, style=${quote(style.join(','))}, ${NODE_COLOURS[node.style]}];`,
    );
  }
  for (const edge of edges)
    lines.push(`  ${quote(edge.from)} -> ${quote(edge.to)} [${edgeAttributes(edge)}];`);
  lines.push('}');
  return `${lines.join('\n')}\n`;
}

function edgeAttributes(edge: EdgeView): string {
  const attributes: string[] = [];
  if (edge.label !== undefined) attributes.push(`label=${quote(edge.label)}`);
  if (edge.type === 'exclusive') attributes.push('dir=both', 'arrowhead=tee', 'arrowtail=tee');
  if (edge.type !== 'requires') attributes.push('style=dashed');
  if (edge.style === 'broken') attributes.push('color="#d93025"', 'fontcolor="#d93025"', 'penwidth=2');
  if (edge.style === 'unused') attributes.push('color="#9aa0a6"', 'style=dotted');
  return attributes.join(', ');
}

/** A DOT double-quoted string; newlines become DOT's centred line breaks. */
function quote(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
}
