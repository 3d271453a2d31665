import fc from 'fast-check';
import { arbitraryExpr, arbitraryHolds } from '../test/arbitrary-expr';
import { evaluate } from './evaluate';
import { Expr } from './expr';
import { formatExpr } from './format-expr';
import { leaves } from './leaves';
import { mapLeaves } from './map-leaves';

describe('mapLeaves', () => {
  it('replaces each leaf and keeps operators and constants', () => {
    const tree = Expr.and(Expr.value('read_file'), Expr.not(Expr.value('edit')), Expr.or(Expr.false));
    const mapped = mapLeaves(tree, (tool) => ({ tool }));
    expect(mapped).toEqual(
      Expr.and(
        Expr.value({ tool: 'read_file' }),
        Expr.not(Expr.value({ tool: 'edit' })),
        Expr.or(Expr.false),
      ),
    );
  });

  it('returns a frozen tree', () => {
    const mapped = mapLeaves(Expr.or(Expr.value('a')), (name) => name.toUpperCase());
    expect(Object.isFrozen(mapped)).toBe(true);
    expect(mapped.type === 'or' && Object.isFrozen(mapped.operands)).toBe(true);
  });

  it('maps leaves in place: leaves(mapLeaves(e, f)) is leaves(e) mapped by f', () => {
    fc.assert(
      fc.property(arbitraryExpr(), (expr) => {
        expect(leaves(mapLeaves(expr, (name) => name.toUpperCase()))).toEqual(
          leaves(expr).map((name) => name.toUpperCase()),
        );
      }),
    );
  });

  it('keeps meaning: evaluating the mapped tree is evaluating the original through the mapping', () => {
    fc.assert(
      fc.property(arbitraryExpr(), arbitraryHolds(), (expr, holds) => {
        const mapped = mapLeaves(expr, (name) => ({ name }));
        expect(evaluate(mapped, (leaf) => holds(leaf.name))).toBe(evaluate(expr, holds));
      }),
    );
  });

  it('keeps the shape: the identity mapping is written exactly like the original', () => {
    fc.assert(
      fc.property(arbitraryExpr(), (expr) => {
        expect(formatExpr(mapLeaves(expr, (name) => name))).toBe(formatExpr(expr));
      }),
    );
  });
});
