import fc from 'fast-check';
import { arbitraryExpr, arbitraryHolds } from '../test/arbitrary-expr';
import { evaluate } from './evaluate';
import { Expr } from './expr';
import { formatExpr } from './format-expr';

const [a, b, c] = ['a', 'b', 'c'].map((name) => Expr.value(name)) as [
  Expr<string>,
  Expr<string>,
  Expr<string>,
];

// Reads formatExpr's output back: OR < AND < NOT, parentheses, `true`/`false`, and word leaves.
function parse(text: string): Expr<string> {
  const tokens = text.match(/\(|\)|[A-Za-z_]+/g) ?? [];
  let position = 0;
  const take = (): string => {
    const token = tokens[position++];
    if (token === undefined) throw new Error(`unexpected end of ${text}`);
    return token;
  };
  const parseOr = (): Expr<string> => {
    const operands = [parseAnd()];
    while (tokens[position] === 'OR') {
      position++;
      operands.push(parseAnd());
    }
    return operands.length === 1 ? operands[0]! : Expr.or(...operands);
  };
  const parseAnd = (): Expr<string> => {
    const operands = [parseNot()];
    while (tokens[position] === 'AND') {
      position++;
      operands.push(parseNot());
    }
    return operands.length === 1 ? operands[0]! : Expr.and(...operands);
  };
  const parseNot = (): Expr<string> => {
    const token = take();
    if (token === 'NOT') return Expr.not(parseNot());
    if (token === 'true') return Expr.true;
    if (token === 'false') return Expr.false;
    if (token === '(') {
      const inner = parseOr();
      if (take() !== ')') throw new Error(`unbalanced parentheses in ${text}`);
      return inner;
    }
    return Expr.value(token);
  };
  const expr = parseOr();
  if (position !== tokens.length) throw new Error(`trailing text in ${text}`);
  return expr;
}

describe('formatExpr', () => {
  it('writes a leaf with String by default', () => {
    expect(formatExpr(Expr.value('read_file'))).toBe('read_file');
    expect(formatExpr(Expr.value(42))).toBe('42');
  });

  it('writes each leaf with the describe callback', () => {
    expect(formatExpr(Expr.and(a, Expr.not(b)), (name) => `\`${name}\``)).toBe('`a` AND NOT `b`');
  });

  it('writes the constants, and an and/or of nothing, as true and false', () => {
    expect(formatExpr(Expr.true)).toBe('true');
    expect(formatExpr(Expr.false)).toBe('false');
    expect(formatExpr(Expr.and())).toBe('true');
    expect(formatExpr(Expr.or())).toBe('false');
    expect(formatExpr(Expr.and(a, Expr.or()))).toBe('a AND false');
  });

  it('parenthesises an or inside an and', () => {
    expect(formatExpr(Expr.and(Expr.value('read_file'), Expr.or(Expr.value('skipReadBeforeEdit'), b)))).toBe(
      'read_file AND (skipReadBeforeEdit OR b)',
    );
  });

  it('leaves out parentheses that precedence makes unnecessary', () => {
    expect(formatExpr(Expr.or(a, Expr.and(b, c)))).toBe('a OR b AND c');
    expect(formatExpr(Expr.or(Expr.and(a, b), c))).toBe('a AND b OR c');
    expect(formatExpr(Expr.and(a, Expr.and(b, c)))).toBe('a AND b AND c');
    expect(formatExpr(Expr.or(Expr.or(a, b), c))).toBe('a OR b OR c');
    expect(formatExpr(Expr.and(Expr.not(a), b))).toBe('NOT a AND b');
  });

  it('parenthesises an and or an or under NOT', () => {
    expect(formatExpr(Expr.not(Expr.and(a, b)))).toBe('NOT (a AND b)');
    expect(formatExpr(Expr.not(Expr.or(a, b)))).toBe('NOT (a OR b)');
    expect(formatExpr(Expr.not(Expr.not(a)))).toBe('NOT NOT a');
  });

  it('writes a single-operand and/or as its operand', () => {
    expect(formatExpr(Expr.and(a))).toBe('a');
    expect(formatExpr(Expr.or(Expr.and(Expr.or(a, b)), c))).toBe('a OR b OR c');
    expect(formatExpr(Expr.and(Expr.or(Expr.or(a, b)), c))).toBe('(a OR b) AND c');
    expect(formatExpr(Expr.not(Expr.and(Expr.or(a, b))))).toBe('NOT (a OR b)');
  });

  it('writes text that reads back as an expression with the same value', () => {
    fc.assert(
      fc.property(arbitraryExpr(), arbitraryHolds(), (expr, holds) => {
        expect(evaluate(parse(formatExpr(expr)), holds)).toBe(evaluate(expr, holds));
      }),
    );
  });
});
