import { Expr } from './expr';

describe('Expr', () => {
  it('builds each node with its type and contents', () => {
    const a = Expr.value('a');
    const b = Expr.value('b');
    expect(a).toEqual({ type: 'value', leaf: 'a' });
    expect(Expr.and(a, b)).toEqual({ type: 'and', operands: [a, b] });
    expect(Expr.or(a, b)).toEqual({ type: 'or', operands: [a, b] });
    expect(Expr.not(a)).toEqual({ type: 'not', operand: a });
    expect(Expr.true).toEqual({ type: 'true' });
    expect(Expr.false).toEqual({ type: 'false' });
  });

  it('freezes every node and every operand list', () => {
    const and = Expr.and(Expr.value('a'));
    const or = Expr.or(Expr.value('a'));
    for (const node of [Expr.value('a'), and, or, Expr.not(Expr.value('a')), Expr.true, Expr.false]) {
      expect(Object.isFrozen(node)).toBe(true);
    }
    expect(Object.isFrozen(and.operands)).toBe(true);
    expect(Object.isFrozen(or.operands)).toBe(true);
    expect(Object.isFrozen(Expr)).toBe(true);
  });

  it('copies the operands, so a later change to the spread array does not reach the tree', () => {
    const operands = [Expr.value('a')];
    const and = Expr.and(...operands);
    operands.push(Expr.value('b'));
    expect(and.operands).toHaveLength(1);
  });

  it('keeps an and/or of nothing as written instead of folding it into a constant', () => {
    expect(Expr.and()).toEqual({ type: 'and', operands: [] });
    expect(Expr.or()).toEqual({ type: 'or', operands: [] });
  });

  it('types an operator over constants alone so that it fits a tree of any leaf type', () => {
    const empty = Expr.or();
    const negated = Expr.not(Expr.and());
    const operands: readonly Expr<string>[] = [empty, negated];
    expect(operands).toEqual([
      { type: 'or', operands: [] },
      { type: 'not', operand: { type: 'and', operands: [] } },
    ]);
  });

  it('mixes constants with leaves of any type in one tree', () => {
    const tree: Expr<{ tool: string }> = Expr.and(
      Expr.value({ tool: 'read_file' }),
      Expr.true,
      Expr.not(Expr.false),
    );
    expect(tree.type).toBe('and');
  });
});
