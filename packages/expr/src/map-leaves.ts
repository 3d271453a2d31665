import { Expr } from './expr';

/** The same tree with each leaf replaced by `transform(leaf)`; constants and operators are kept as they are. */
export function mapLeaves<T, U>(expr: Expr<T>, transform: (leaf: T) => U): Expr<U> {
  switch (expr.type) {
    case 'value':
      return Expr.value(transform(expr.leaf));
    case 'and':
      return Expr.and(...expr.operands.map((operand) => mapLeaves(operand, transform)));
    case 'or':
      return Expr.or(...expr.operands.map((operand) => mapLeaves(operand, transform)));
    case 'not':
      return Expr.not(mapLeaves(expr.operand, transform));
    case 'true':
    case 'false':
      return expr;
  }
}
