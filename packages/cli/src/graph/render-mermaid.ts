import type { RequirementGraph } from '@toolwright/registry';
import { graphView, type EdgeView, type NodeView } from './graph-view';

const CLASS_DEFINITIONS = [
  'classDef tool fill:#e8f0fe,stroke:#3b6fd8,color:#0b1f44',
  'classDef unmet fill:#fff4e5,stroke:#d93025,stroke-width:2px,color:#5f1d00',
  'classDef missing fill:#fdecea,stroke:#d93025,stroke-width:2px,stroke-dasharray:5 3,color:#a50e0e',
  'classDef need fill:#f1f3f4,stroke:#80868b,color:#202124',
];

/**
 * The requirement graph as a Mermaid flowchart (GitHub renders it in a ```mermaid block): tools
 * as boxes, what they need as other shapes, missing things dashed red, broken links red.
 */
export function renderMermaid(graph: RequirementGraph): string {
  const { nodes, edges } = graphView(graph);
  const ids = new Map(nodes.map((node, index) => [node.id, `n${index}`]));
  const lines = ['flowchart LR'];
  for (const node of nodes) lines.push(`  ${ids.get(node.id)!}${shape(node)}`);
  edges.forEach((edge) => {
    lines.push(`  ${ids.get(edge.from)!} ${arrow(edge)} ${ids.get(edge.to)!}`);
  });
  for (const definition of CLASS_DEFINITIONS) lines.push(`  ${definition}`);
  for (const style of ['tool', 'unmet', 'missing', 'need'] as const) {
    const members = nodes.filter((node) => node.style === style).map((node) => ids.get(node.id)!);
    if (members.length > 0) lines.push(`  class ${members.join(',')} ${style}`);
  }
  const broken = indexesOf(edges, 'broken');
  if (broken.length > 0)
    lines.push(`  linkStyle ${broken.join(',')} stroke:#d93025,stroke-width:2px,color:#d93025`);
  const unused = indexesOf(edges, 'unused');
  if (unused.length > 0) lines.push(`  linkStyle ${unused.join(',')} stroke:#9aa0a6,stroke-dasharray:3 3`);
  return `${lines.join('\n')}\n`;
}

function shape(node: NodeView): string {
  const label = `"${node.lines.map(escapeLabel).join('<br/>')}"`;
  switch (node.shape) {
    case 'box':
      return `[${label}]`;
    case 'round':
      return `([${label}])`;
    case 'parallelogram':
      return `[/${label}/]`;
    case 'hexagon':
      return `{{${label}}}`;
  }
}

function arrow(edge: EdgeView): string {
  switch (edge.type) {
    case 'requires':
      return edge.label === undefined ? '-->' : `-->|${edge.label}|`;
    case 'template':
      return '-.->|template|';
    case 'exclusive':
      return '-.-|exclusive|';
  }
}

function indexesOf(edges: readonly EdgeView[], style: EdgeView['style']): number[] {
  return edges.flatMap((edge, index) => (edge.style === style ? [index] : []));
}

/** Mermaid entity codes for what would end a quoted label or read as markup. */
function escapeLabel(text: string): string {
  return text.replace(/[#"<>]/g, (character) => `#${character.charCodeAt(0)};`);
}
