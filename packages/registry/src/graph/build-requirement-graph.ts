import { formatExpr } from '@toolwright/expr';
import type { ExclusiveRule } from '../finalize/exclusive-rule';
import type { ToolRecord } from '../finalize/tool-record';
import type { ToolWorld } from '../finalize/tool-world';
import { checkRequirement } from '../requirements/check-requirement';
import type { Requirement, RequirementLeaf } from '../requirements/requirement';
import { renderDescription } from '../templates/render-description';
import type { RequirementGraph, RequirementGraphEdge, RequirementGraphNode } from './requirement-graph';

/** What the graph draws of one registered tool, built or not. */
export type GraphTool = Pick<
  ToolRecord,
  'name' | 'kind' | 'namespace' | 'requires' | 'description' | 'lacks'
> & { readonly built: boolean };

/** The graph form of a tool record. */
export function graphToolOf(record: ToolRecord): GraphTool {
  return { ...record, built: record.candidate !== undefined };
}

/**
 * The requirement graph of a checked tool set: every registered tool (built or not, with what it
 * lacks), what they need, exclusivity, what is missing. A leaf under NOT is drawn with its polarity:
 * its edge holds when the leaf does not.
 */
export function buildRequirementGraph(
  records: readonly (ToolRecord | GraphTool)[],
  world: ToolWorld,
  exclusives: readonly ExclusiveRule[],
): RequirementGraph {
  const nodes = new Map<string, RequirementGraphNode>();
  const edges: RequirementGraphEdge[] = [];
  const toolNode = (name: string): string => {
    const id = `tool:${name}`;
    if (!nodes.has(id)) nodes.set(id, { id, type: 'missing_tool', name });
    return id;
  };
  const paramNode = (tool: string, name: string): string => {
    const id = `param:${tool}.${name}`;
    if (!nodes.has(id)) {
      nodes.set(id, { id, type: 'param', tool, name, exposed: world.exposes(tool, name) });
    }
    return id;
  };

  const tools = records.map((record) => ('built' in record ? record : graphToolOf(record)));
  // Tools first, in registration order, so missing nodes never take their ids.
  for (const tool of tools) {
    const id = `tool:${tool.name}`;
    if (nodes.has(id)) continue;
    const { requires } = tool;
    nodes.set(id, {
      id,
      type: 'tool',
      name: tool.name,
      kind: tool.kind,
      ...(tool.namespace === undefined ? {} : { namespace: tool.namespace }),
      ...(requires === undefined ? {} : { requires: formatExpr(requires, describeLeaf) }),
      holds: requires === undefined || checkRequirement(tool.name, requires, world).holds,
      built: tool.built,
      ...(tool.built ? {} : { lacks: [...tool.lacks] }),
    });
  }

  const addLeaves = (from: string, scope: string, owner: string, requirement: Requirement): void => {
    for (const { leaf, negated } of polarLeaves(requirement, false)) {
      // Edges of a required tool's parameters say whose requirement they belong to.
      const whose = from === `tool:${owner}` ? {} : { owner };
      const polar = (holds: boolean): { holds: boolean; negated?: true; owner?: string } => ({
        ...(negated ? { holds: !holds, negated: true as const } : { holds }),
        ...whose,
      });
      switch (leaf.type) {
        case 'tool': {
          const to = toolNode(leaf.name);
          const registered = world.hasTool(leaf.name);
          const parameters = leaf.parameters;
          const holds =
            registered && (parameters === undefined || checkRequirement(leaf.name, parameters, world).holds);
          edges.push({ from, to, type: 'requires', ...polar(holds) });
          if (parameters !== undefined) addLeaves(to, leaf.name, owner, parameters);
          break;
        }
        case 'kind': {
          const id = `kind:${leaf.kind}`;
          if (!nodes.has(id))
            nodes.set(id, { id, type: 'kind', kind: leaf.kind, tools: world.toolsOfKind(leaf.kind) });
          edges.push({ from, to: id, type: 'requires', ...polar(world.hasKind(leaf.kind)) });
          break;
        }
        case 'param': {
          const to = paramNode(scope, leaf.name);
          edges.push({
            from,
            to,
            type: 'requires',
            ...polar(world.exposes(scope, leaf.name)),
          });
          break;
        }
        case 'param_value': {
          const lookup = world.paramValue(scope, leaf.path, owner);
          const holds = lookup.found && sameJson(lookup.value, leaf.value);
          const id = `config:${lookup.path}`;
          if (!nodes.has(id)) {
            nodes.set(id, {
              id,
              type: 'config',
              path: lookup.path,
              expected: leaf.value,
              actual: lookup.found ? lookup.value : undefined,
              holds,
            });
          }
          edges.push({ from, to: id, type: 'requires', ...polar(holds) });
          break;
        }
      }
    }
  };

  for (const tool of tools) {
    const from = `tool:${tool.name}`;
    const { requires } = tool;
    if (requires !== undefined) addLeaves(from, tool.name, tool.name, requires);
    for (const reference of renderDescription(tool.description, world).references) {
      if (reference.type === 'tool') {
        edges.push({
          from,
          to: toolNode(reference.tool),
          type: 'template',
          holds: reference.value !== undefined,
        });
      } else if (reference.type === 'param') {
        toolNode(reference.tool);
        edges.push({
          from,
          to: paramNode(reference.tool, reference.param!),
          type: 'template',
          holds: reference.value !== undefined,
        });
      }
    }
  }

  for (const rule of exclusives) {
    const present = rule.names.filter((name) => world.hasTool(name));
    for (let i = 0; i < present.length; i += 1) {
      for (let j = i + 1; j < present.length; j += 1) {
        edges.push({
          from: `tool:${present[i]!}`,
          to: `tool:${present[j]!}`,
          type: 'exclusive',
          holds: false,
          reason: rule.reason,
        });
      }
    }
  }
  return Object.freeze({ nodes: Object.freeze([...nodes.values()]), edges: Object.freeze(edges) });
}

// Every leaf with whether an odd number of NOTs is above it.
function polarLeaves(
  requirement: Requirement,
  negated: boolean,
): { leaf: RequirementLeaf; negated: boolean }[] {
  switch (requirement.type) {
    case 'value':
      return [{ leaf: requirement.leaf, negated }];
    case 'not':
      return polarLeaves(requirement.operand, !negated);
    case 'and':
    case 'or':
      return requirement.operands.flatMap((operand) => polarLeaves(operand, negated));
    default:
      return [];
  }
}

function describeLeaf(leaf: RequirementLeaf): string {
  switch (leaf.type) {
    case 'tool':
      return leaf.parameters === undefined
        ? leaf.name
        : `${leaf.name}(${formatExpr(leaf.parameters, describeLeaf)})`;
    case 'kind':
      return `kind:${leaf.kind}`;
    case 'param':
      return `param:${leaf.name}`;
    case 'param_value':
      return `${leaf.path} = ${JSON.stringify(leaf.value)}`;
  }
}

function sameJson(actual: unknown, expected: unknown): boolean {
  if (Object.is(actual, expected)) return true;
  try {
    return JSON.stringify(actual) === JSON.stringify(expected);
  } catch {
    return false;
  }
}
