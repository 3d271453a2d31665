import type { Expr } from './expr';

/** Decides `expr`, asking `holds` about each leaf it needs; `and` and `or` stop at the first deciding operand. */
export function evaluate<T>(expr: Expr<T>, holds: (leaf: T) => boolean): boolean {
  switch (expr.type) {
    case 'value':
      return holds(expr.leaf);
    case 'and':
      return expr.operands.every((operand) => evaluate(operand, holds));
    case 'or':
      return expr.operands.some((operand) => evaluate(operand, holds));
    case 'not':
      return !evaluate(expr.operand, holds);
    case 'true':
      return true;
    case 'false':
      return false;
  }
}
