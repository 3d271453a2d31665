import type { RequirementGraph, RequirementGraphEdge, RequirementGraphNode } from '@toolwright/registry';

/** How a node is drawn, whatever the output language. */
export type NodeStyle =
  /** A registered tool whose requirement holds. */
  | 'tool'
  /** A registered tool whose requirement does not hold. */
  | 'unmet'
  /** Something needed that is not there: an unregistered tool, a kind nobody provides, a parameter not exposed. */
  | 'missing'
  /** A kind, parameter or params value that is there. */
  | 'need';

/** How an edge is drawn. */
export type EdgeStyle =
  /** A fact that holds. */
  | 'holds'
  /** A fact that fails and makes its tool's requirement fail (or an exclusivity broken). */
  | 'broken'
  /** A fact that fails on a path the requirement did not need (the other side of an OR). */
  | 'unused';

/** A node ready to draw: its label lines and style. */
export interface NodeView {
  readonly id: string;
  readonly shape: 'box' | 'round' | 'parallelogram' | 'hexagon';
  readonly lines: readonly string[];
  readonly style: NodeStyle;
}

/** An edge ready to draw. */
export interface EdgeView {
  readonly from: string;
  readonly to: string;
  readonly type: RequirementGraphEdge['type'];
  readonly label?: string;
  readonly style: EdgeStyle;
}

/** The requirement graph as labelled nodes and styled edges, shared by the Mermaid and DOT renderers. */
export function graphView(graph: RequirementGraph): { nodes: NodeView[]; edges: EdgeView[] } {
  const byId = new Map(graph.nodes.map((node) => [node.id, node]));
  const nodes = graph.nodes.map(nodeView);
  for (const edge of graph.edges) {
    for (const id of [edge.from, edge.to]) {
      if (!byId.has(id)) {
        byId.set(id, { id, type: 'missing_tool', name: id });
        nodes.push({ id, shape: 'box', lines: [id], style: 'missing' });
      }
    }
  }
  const edges = graph.edges.map((edge): EdgeView => {
    // The requirement an edge belongs to is its owner's (a required tool's parameter edges start at
    // the required tool, but fail or hold for the tool that requires it).
    const source = byId.get(edge.owner === undefined ? edge.from : `tool:${edge.owner}`);
    const sourceFails = source?.type === 'tool' ? !source.holds : source?.type === 'missing_tool';
    const style: EdgeStyle = edge.holds
      ? 'holds'
      : edge.type === 'requires' && !sourceFails
        ? 'unused'
        : 'broken';
    const label = edge.type === 'requires' ? (edge.negated === true ? 'not' : undefined) : edge.type;
    return {
      from: edge.from,
      to: edge.to,
      type: edge.type,
      ...(label === undefined ? {} : { label }),
      style,
    };
  });
  return { nodes, edges };
}

function nodeView(node: RequirementGraphNode): NodeView {
  switch (node.type) {
    case 'tool':
      return {
        id: node.id,
        shape: 'box',
        lines: [
          node.name,
          `${node.kind} · ${node.namespace ?? 'invalid namespace'}`,
          ...(node.requires === undefined ? [] : [`requires ${node.requires}`]),
          // A tool that cannot be built is registered, and drawn in the problem colour with what it lacks.
          ...(node.built === false
            ? [`cannot be built${node.lacks?.length ? `: needs ${node.lacks.join('; ')}` : ''}`]
            : []),
        ],
        style: node.holds && node.built !== false ? 'tool' : 'unmet',
      };
    case 'missing_tool':
      return { id: node.id, shape: 'box', lines: [node.name, 'not registered'], style: 'missing' };
    case 'kind':
      return {
        id: node.id,
        shape: 'round',
        lines: [`any ${node.kind} tool`, node.tools.length === 0 ? 'none registered' : node.tools.join(', ')],
        style: node.tools.length === 0 ? 'missing' : 'need',
      };
    case 'param':
      return {
        id: node.id,
        shape: 'parallelogram',
        lines: [`${node.tool}.${node.name}`, ...(node.exposed ? [] : ['not exposed'])],
        style: node.exposed ? 'need' : 'missing',
      };
    case 'config':
      return {
        id: node.id,
        shape: 'hexagon',
        lines: [`${node.path} = ${show(node.actual)}`, `needs ${show(node.expected)}`],
        style: 'need',
      };
  }
}

function show(value: unknown): string {
  return value === undefined ? 'unset' : JSON.stringify(value);
}
