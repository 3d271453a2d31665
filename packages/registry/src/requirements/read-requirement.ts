import { Expr } from '@toolwright/expr';
import { isToolKind } from '../taxonomy/tool-kind';
import type { Requirement } from './requirement';

/**
 * A tool's declared `requires` as a requirement: an `Expr` of requirement leaves, or an array of them
 * (all must hold). `undefined` when nothing is declared; `'invalid'` when the value is not one.
 */
export function readRequirement(declared: unknown): Requirement | undefined | 'invalid' {
  if (declared === undefined) return undefined;
  if (Array.isArray(declared)) {
    return declared.every(isRequirement) ? Expr.and(...(declared as Requirement[])) : 'invalid';
  }
  // Judged anew by every finalize: a walk of a few nodes costs less than remembering the verdict.
  return isRequirement(declared) ? declared : 'invalid';
}

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
