import { Expr } from '@toolwright/expr';
import { isToolKind } from '../taxonomy/tool-kind';
import type { Requirement } from './requirement';

/**
 * A tool's declared `requires` as a requirement: an `Expr` of requirement leaves, or an array of them
 * (all must hold). `undefined` when nothing is declared; `'invalid'` when the value is not one.
 */
export function readRequirement(declared: unknown): Requirement | undefined | 'invalid' {
  if (declared === undefined) return undefined;
  if (typeof declared !== 'object' || declared === null) return 'invalid';
  // Declared requirements live in decorator metadata and are read by every finalize: judge each once.
  const cached = read.get(declared);
  if (cached !== undefined) return cached;
  const requirement = Array.isArray(declared)
    ? declared.every(isRequirement)
      ? Expr.and(...(declared as Requirement[]))
      : 'invalid'
    : isRequirement(declared)
      ? declared
      : 'invalid';
  read.set(declared, requirement);
  return requirement;
}

const read = new WeakMap<object, Requirement | 'invalid'>();

function isRequirement(value: unknown): value is Requirement {
  if (typeof value !== 'object' || value === null) return false;
  const expr = value as Record<string, unknown>;
  switch (expr['type']) {
    case 'true':
    case 'false':
      return true;
    case 'not':
      return isRequirement(expr['operand']);
    case 'and':
    case 'or':
      return Array.isArray(expr['operands']) && expr['operands'].every(isRequirement);
    case 'value':
      return isLeaf(expr['leaf']);
    default:
      return false;
  }
}

function isLeaf(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const leaf = value as Record<string, unknown>;
  switch (leaf['type']) {
    case 'tool':
      return (
        typeof leaf['name'] === 'string' &&
        (leaf['parameters'] === undefined || isRequirement(leaf['parameters']))
      );
    case 'kind':
      return isToolKind(leaf['kind']);
    case 'param':
      return typeof leaf['name'] === 'string';
    case 'param_value':
      return typeof leaf['path'] === 'string' && leaf['path'] !== '';
    default:
      return false;
  }
}
