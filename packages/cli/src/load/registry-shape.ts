import type { FinalizeProblem, ToolRegistry, ToolServerHandle } from '@toolwright/registry';

// Shapes are checked by their methods, not `instanceof`: the module may load its own copy of
// @toolwright/registry (a second install), and a handle is an interface.

/** Whether `value` is an unfinalized `ToolRegistry`. */
export function isToolRegistry(value: unknown): value is ToolRegistry {
  return hasFunctions(value, ['finalize', 'check', 'graph', 'tool', 'provide']);
}

/** Whether `value` is a finalized `ToolServerHandle`. */
export function isToolServerHandle(value: unknown): value is ToolServerHandle {
  return hasFunctions(value, ['definitions', 'call', 'execute', 'tools', 'requirementGraph', 'snapshot']);
}

/** Whether `value` is a `FinalizeError` (from any copy of the registry package). */
export function isFinalizeError(
  value: unknown,
): value is Error & { readonly problems: readonly FinalizeProblem[]; readonly tools?: readonly string[] } {
  return (
    value instanceof Error &&
    value.name === 'FinalizeError' &&
    Array.isArray((value as { problems?: unknown }).problems)
  );
}

function hasFunctions(value: unknown, names: readonly string[]): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return names.every((name) => typeof record[name] === 'function');
}
