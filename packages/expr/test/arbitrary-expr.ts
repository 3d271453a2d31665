import fc from 'fast-check';
import { Expr } from '../src/expr';
import { mapLeaves } from '../src/map-leaves';

/** Which shapes `arbitraryExpr` may generate. */
export interface ArbitraryExprOptions {
  /** Allow `not` nodes (default true). */
  readonly negation?: boolean;
  /** Allow `Expr.true`, `Expr.false` and operator nodes without operands (default true). */
  readonly constants?: boolean;
  /** Give every leaf occurrence its own name (`x0`, `x1`, …), so no leaf is written twice (default false). */
  readonly distinctLeaves?: boolean;
}

/** Small expression trees over the leaves `a`…`e` (or distinct leaves), for property tests. */
export function arbitraryExpr(options: ArbitraryExprOptions = {}): fc.Arbitrary<Expr<string>> {
  const { negation = true, constants = true, distinctLeaves = false } = options;
  const { expr } = fc.letrec<{ expr: Expr<string> }>((tie) => {
    const operands = fc.array(tie('expr'), { minLength: constants ? 0 : 1, maxLength: 4 });
    const leaf: fc.Arbitrary<Expr<string>> = fc
      .constantFrom('a', 'b', 'c', 'd', 'e')
      .map((name) => Expr.value(name));
    const shapes: fc.Arbitrary<Expr<string>>[] = [
      operands.map((list) => Expr.and(...list)),
      operands.map((list) => Expr.or(...list)),
    ];
    if (negation) shapes.push(tie('expr').map((operand) => Expr.not(operand)));
    if (constants) shapes.push(fc.constantFrom<Expr<string>>(Expr.true, Expr.false));
    return { expr: fc.oneof({ depthSize: 'small', maxDepth: 5 }, leaf, ...shapes) };
  });
  if (!distinctLeaves) return expr;
  return expr.map((tree) => {
    let index = 0;
    return mapLeaves(tree, () => `x${index++}`);
  });
}

/** A truth value for every leaf name, the same each time a name is asked about. */
export function arbitraryHolds(): fc.Arbitrary<(leaf: string) => boolean> {
  return fc.func<[string], boolean>(fc.boolean());
}
