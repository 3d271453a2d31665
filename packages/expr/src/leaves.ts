import type { Expr } from './expr';

/** Every leaf of `expr`, left to right, once per occurrence (a leaf written twice is listed twice). */
export function leaves<T>(expr: Expr<T>): T[] {
  switch (expr.type) {
    case 'value':
      return [expr.leaf];
    case 'and':
    case 'or':
      return expr.operands.flatMap((operand) => leaves(operand));
    case 'not':
      return leaves(expr.operand);
    case 'true':
    case 'false':
      return [];
  }
}
