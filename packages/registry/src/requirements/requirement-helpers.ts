import { Expr } from '@toolwright/expr';
import { readToolDescriptors } from '@toolwright/core';
import type { ToolKind } from '../taxonomy/tool-kind';
import type { Requirement, RequirementLeaf, ToolRequirement } from './requirement';

/**
 * Requires a tool, by name or by its class (the class also names the fix: "register ReadFile"), and
 * optionally that `parameters` holds for it: `hasParam` leaves ask for arguments it exposes,
 * `paramEquals` leaves for values of its params.
 */
export function requiresTool(tool: string | Function, parameters?: Requirement): Requirement {
  const leaf: ToolRequirement = {
    type: 'tool',
    name: typeof tool === 'string' ? tool : classToolName(tool),
    ...(typeof tool === 'string' ? {} : { className: tool.name }),
    ...(parameters === undefined ? {} : { parameters }),
  };
  return Expr.value<RequirementLeaf>(Object.freeze(leaf));
}

/** Requires some registered tool of `kind` (e.g. any `read` tool, whatever its dialect calls it). */
export function requiresKind(kind: ToolKind): Requirement {
  return Expr.value<RequirementLeaf>(Object.freeze({ type: 'kind', kind }));
}

/** Requires the tool in scope to expose the argument `name` (inside `requiresTool`: the required tool). */
export function hasParam(name: string): Requirement {
  return Expr.value<RequirementLeaf>(Object.freeze({ type: 'param', name }));
}

/**
 * Requires a params value: `paramEquals('skipReadBeforeEdit', true)` reads the in-scope tool's params;
 * `EditConfig.skipReadBeforeEdit` a params class by name; `params.<tool>.<field>` another tool's params.
 */
export function paramEquals(path: string, value: unknown): Requirement {
  return Expr.value<RequirementLeaf>(Object.freeze({ type: 'param_value', path, value }));
}

function classToolName(target: Function): string {
  try {
    const [first] = readToolDescriptors(target);
    if (first) return first.options.name;
  } catch {
    // A broken class is reported when it is registered; here, fall back to its class name.
  }
  return target.name;
}
