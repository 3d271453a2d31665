import fc from 'fast-check';
import { arbitraryExpr, arbitraryHolds } from '../test/arbitrary-expr';
import { evaluate } from './evaluate';
import { Expr } from './expr';

// A deliberately naive reference: no short-circuit, every operand decided.
function reference<T>(expr: Expr<T>, holds: (leaf: T) => boolean): boolean {
  switch (expr.type) {
    case 'value':
      return holds(expr.leaf);
    case 'and':
      return expr.operands
        .map((operand) => reference(operand, holds))
        .reduce((left, right) => left && right, true);
    case 'or':
      return expr.operands
        .map((operand) => reference(operand, holds))
        .reduce((left, right) => left || right, false);
    case 'not':
      return !reference(expr.operand, holds);
    case 'true':
      return true;
    case 'false':
      return false;
  }
}

const registered = new Set(['read_file', 'edit']);
const isRegistered = (tool: string): boolean => registered.has(tool);

describe('evaluate', () => {
  it('decides a leaf with the given function', () => {
    expect(evaluate(Expr.value('read_file'), isRegistered)).toBe(true);
    expect(evaluate(Expr.value('write_file'), isRegistered)).toBe(false);
  });

  it('decides the constants without asking about any leaf', () => {
    const holds = jest.fn(() => true);
    expect(evaluate(Expr.true, holds)).toBe(true);
    expect(evaluate(Expr.false, holds)).toBe(false);
    expect(holds).not.toHaveBeenCalled();
  });

  it('treats an and of nothing as true and an or of nothing as false', () => {
    expect(evaluate(Expr.and(), isRegistered)).toBe(true);
    expect(evaluate(Expr.or(), isRegistered)).toBe(false);
  });

  it('combines operands with and, or and not', () => {
    const readFile = Expr.value('read_file');
    const writeFile = Expr.value('write_file');
    expect(evaluate(Expr.and(readFile, writeFile), isRegistered)).toBe(false);
    expect(evaluate(Expr.or(readFile, writeFile), isRegistered)).toBe(true);
    expect(evaluate(Expr.and(readFile, Expr.not(writeFile)), isRegistered)).toBe(true);
  });

  it('stops at the first false operand of an and and the first true operand of an or', () => {
    const holds = jest.fn(isRegistered);
    evaluate(Expr.and(Expr.value('write_file'), Expr.value('read_file')), holds);
    evaluate(Expr.or(Expr.value('edit'), Expr.value('grep')), holds);
    expect(holds.mock.calls).toEqual([['write_file'], ['edit']]);
  });

  it('agrees with a naive recursive reference', () => {
    fc.assert(
      fc.property(arbitraryExpr(), arbitraryHolds(), (expr, holds) => {
        expect(evaluate(expr, holds)).toBe(reference(expr, holds));
      }),
    );
  });

  it("obeys De Morgan's laws", () => {
    fc.assert(
      fc.property(arbitraryExpr(), arbitraryExpr(), arbitraryHolds(), (a, b, holds) => {
        expect(evaluate(Expr.not(Expr.and(a, b)), holds)).toBe(
          evaluate(Expr.or(Expr.not(a), Expr.not(b)), holds),
        );
        expect(evaluate(Expr.not(Expr.or(a, b)), holds)).toBe(
          evaluate(Expr.and(Expr.not(a), Expr.not(b)), holds),
        );
      }),
    );
  });
});
