import type { Expr } from './expr';

// Binding strength, loosest first; an operand is parenthesised only when it binds looser than its place needs.
const orLevel = 1;
const andLevel = 2;
const notLevel = 3;
const atomLevel = 4;

interface Rendering {
  readonly text: string;
  readonly level: number;
}

/**
 * Writes `expr` as text such as `read_file AND (NOT skipReadBeforeEdit OR edit)`: operators `NOT`, `AND`,
 * `OR` (binding in that order, parentheses only where needed), constants `true` and `false`, and each leaf
 * as `describe(leaf)` (default `String(leaf)`). An `and`/`or` of nothing is written `true`/`false`.
 */
export function formatExpr<T>(expr: Expr<T>, describe: (leaf: T) => string = String): string {
  return render(expr, describe).text;
}

function render<T>(expr: Expr<T>, describe: (leaf: T) => string): Rendering {
  switch (expr.type) {
    case 'value':
      return { text: describe(expr.leaf), level: atomLevel };
    case 'true':
    case 'false':
      return { text: expr.type, level: atomLevel };
    case 'not':
      return { text: `NOT ${renderAt(expr.operand, notLevel, describe)}`, level: notLevel };
    case 'and':
    case 'or': {
      const [only, ...rest] = expr.operands;
      if (only === undefined) return { text: expr.type === 'and' ? 'true' : 'false', level: atomLevel };
      // A single operand is written as itself, so `and(or(a, b))` needs no parentheses of its own.
      if (rest.length === 0) return render(only, describe);
      const level = expr.type === 'and' ? andLevel : orLevel;
      const operator = expr.type === 'and' ? ' AND ' : ' OR ';
      return {
        text: expr.operands.map((operand) => renderAt(operand, level, describe)).join(operator),
        level,
      };
    }
  }
}

function renderAt<T>(expr: Expr<T>, level: number, describe: (leaf: T) => string): string {
  const rendering = render(expr, describe);
  return rendering.level < level ? `(${rendering.text})` : rendering.text;
}
