import fc from 'fast-check';
import { arbitraryExpr } from '../test/arbitrary-expr';
import { Expr } from './expr';
import { formatExpr } from './format-expr';
import { leaves } from './leaves';

describe('leaves', () => {
  it('lists the leaves left to right, once per occurrence', () => {
    const tree = Expr.and(
      Expr.value('read_file'),
      Expr.or(Expr.not(Expr.value('skipReadBeforeEdit')), Expr.value('read_file')),
    );
    expect(leaves(tree)).toEqual(['read_file', 'skipReadBeforeEdit', 'read_file']);
  });

  it('lists no leaves for the constants', () => {
    expect(leaves(Expr.and(Expr.true, Expr.not(Expr.false), Expr.or()))).toEqual([]);
  });

  it('lists the leaves in the order formatExpr writes them', () => {
    fc.assert(
      fc.property(arbitraryExpr(), (expr) => {
        const written = formatExpr(expr).match(/\b[a-e]\b/g) ?? [];
        expect(leaves(expr)).toEqual(written);
      }),
    );
  });
});
