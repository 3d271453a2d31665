import { formatExpr, leaves } from '@toolwright/expr';
import type { ExclusiveRule } from '../finalize/exclusive-rule';
import type { ToolCandidate } from '../finalize/tool-candidate';
import type { ToolWorld } from '../finalize/tool-world';
import { checkRequirement } from '../requirements/check-requirement';
import type { Requirement, RequirementLeaf } from '../requirements/requirement';
import { renderDescription } from '../templates/render-description';
import type { RequirementGraph, RequirementGraphEdge, RequirementGraphNode } from './requirement-graph';

/** The requirement graph of a checked tool set: tools, what they need, exclusivity, what is missing. */
export function buildRequirementGraph(
  candidates: readonly ToolCandidate[],
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

  // Tools first, in registration order, so missing nodes never take their ids.
  for (const { tool, requires } of candidates) {
    const id = `tool:${tool.name}`;
    nodes.set(id, {
      id,
      type: 'tool',
      name: tool.name,
      kind: tool.kind,
      namespace: tool.namespace,
      ...(requires === undefined ? {} : { requires: formatExpr(requires, describeLeaf) }),
      holds: requires === undefined || checkRequirement(tool.name, requires, world).holds,
    });
  }

  const addLeaves = (from: string, scope: string, owner: string, requirement: Requirement): void => {
    for (const leaf of leaves(requirement)) {
      switch (leaf.type) {
        case 'tool': {
          const to = toolNode(leaf.name);
          const registered = world.hasTool(leaf.name);
          const parameters = leaf.parameters;
          const holds =
            registered && (parameters === undefined || checkRequirement(leaf.name, parameters, world).holds);
          edges.push({ from, to, type: 'requires', holds });
          if (parameters !== undefined) addLeaves(to, leaf.name, owner, parameters);
          break;
        }
        case 'kind': {
          const id = `kind:${leaf.kind}`;
          if (!nodes.has(id))
            nodes.set(id, { id, type: 'kind', kind: leaf.kind, tools: world.toolsOfKind(leaf.kind) });
          edges.push({ from, to: id, type: 'requires', holds: world.hasKind(leaf.kind) });
          break;
        }
        case 'param': {
          const to = paramNode(scope, leaf.name);
          edges.push({
            from,
            to,
            type: 'requires',
            holds: world.exposes(scope, leaf.name),
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
          edges.push({ from, to: id, type: 'requires', holds });
          break;
        }
      }
    }
  };

  for (const { tool, requires } of candidates) {
    const from = `tool:${tool.name}`;
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
