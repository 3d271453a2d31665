import fc from 'fast-check';
import { arbitraryExpr, arbitraryHolds } from '../test/arbitrary-expr';
import { evaluate } from './evaluate';
import { explain } from './explain';
import { Expr } from './expr';
import { leaves } from './leaves';

const truthOf =
  (values: Record<string, boolean>) =>
  (leaf: string): boolean =>
    values[leaf] ?? false;

describe('explain', () => {
  const readFirst = Expr.and(Expr.value('read_file'), Expr.not(Expr.value('skipReadBeforeEdit')));

  it('names the false operand of an and, and nothing that held', () => {
    const explanation = explain(readFirst, truthOf({ read_file: false, skipReadBeforeEdit: false }));
    expect(explanation).toEqual({
      holds: false,
      reasons: [{ leaf: 'read_file', holds: false }],
      text: 'read_file is false',
    });
  });

  it('explains a false NOT by the leaves that made its operand true', () => {
    const explanation = explain(readFirst, truthOf({ read_file: true, skipReadBeforeEdit: true }));
    expect(explanation).toEqual({
      holds: false,
      reasons: [{ leaf: 'skipReadBeforeEdit', holds: true }],
      text: 'skipReadBeforeEdit is true',
    });
  });

  it('explains the README example: a false or names both of its leaves', () => {
    const requirement = Expr.or(Expr.value('read_file'), Expr.value('skipReadBeforeEdit'));
    expect(explain(requirement, truthOf({ read_file: false, skipReadBeforeEdit: false }))).toEqual({
      holds: false,
      reasons: [
        { leaf: 'read_file', holds: false },
        { leaf: 'skipReadBeforeEdit', holds: false },
      ],
      text: 'read_file is false and skipReadBeforeEdit is false',
    });
  });

  it('names every false operand of an and', () => {
    const tree = Expr.and(Expr.value('a'), Expr.value('b'), Expr.value('c'));
    const explanation = explain(tree, truthOf({ b: true }));
    expect(explanation.reasons).toEqual([
      { leaf: 'a', holds: false },
      { leaf: 'c', holds: false },
    ]);
    expect(explanation.text).toBe('a is false and c is false');
  });

  it('explains a false or by all of its operands', () => {
    expect(explain(Expr.or(Expr.value('a'), Expr.value('b')), truthOf({})).text).toBe(
      'a is false and b is false',
    );
    expect(explain(Expr.or(Expr.value('a'), Expr.value('b'), Expr.value('c')), truthOf({})).text).toBe(
      'a is false, b is false and c is false',
    );
  });

  it('explains a false NOT of an or by the operands that held, not the ones that did not', () => {
    const tree = Expr.not(Expr.or(Expr.value('a'), Expr.value('b'), Expr.value('c')));
    expect(explain(tree, truthOf({ a: true, c: true }))).toEqual({
      holds: false,
      reasons: [
        { leaf: 'a', holds: true },
        { leaf: 'c', holds: true },
      ],
      text: 'a is true and c is true',
    });
  });

  it('goes down through nested operators, naming only the deciding leaves', () => {
    const tree = Expr.and(
      Expr.value('a'),
      Expr.or(Expr.value('b'), Expr.and(Expr.value('c'), Expr.value('d'))),
      Expr.not(Expr.and(Expr.value('e'), Expr.value('f'))),
    );
    const explanation = explain(tree, truthOf({ a: true, d: true, e: true, f: true }));
    expect(explanation.text).toBe('b is false, c is false, e is true and f is true');
  });

  it('names a leaf once even when it decides several places', () => {
    const tree = Expr.and(Expr.value('a'), Expr.or(Expr.value('a'), Expr.value('b')));
    expect(explain(tree, truthOf({})).reasons).toEqual([
      { leaf: 'a', holds: false },
      { leaf: 'b', holds: false },
    ]);
  });

  it('gives no reasons and no text when the expression holds', () => {
    expect(explain(readFirst, truthOf({ read_file: true }))).toEqual({ holds: true, reasons: [], text: '' });
  });

  it('words the leaves with the describe callback, told whether each held', () => {
    const registered = new Set(['edit']);
    const describe = (tool: string, holds: boolean): string =>
      holds ? `${tool} is registered` : `${tool} is not registered`;
    const needsAReader = Expr.and(
      Expr.or(Expr.value('read_file'), Expr.value('grep')),
      Expr.not(Expr.value('edit')),
    );
    expect(explain(needsAReader, (tool) => registered.has(tool), describe).text).toBe(
      'read_file is not registered, grep is not registered and edit is registered',
    );
  });

  it('serves leaves of any type, such as a parameter that must have a value', () => {
    interface ParameterValue {
      readonly path: string;
      readonly value: unknown;
    }
    const parameters: Record<string, unknown> = { 'params.search_replace.skipReadBeforeEdit': false };
    const hasValue = (leaf: ParameterValue): boolean => parameters[leaf.path] === leaf.value;
    const describe = (leaf: ParameterValue, holds: boolean): string =>
      holds
        ? `${leaf.path} is ${String(leaf.value)}`
        : `${leaf.path} is not ${String(leaf.value)} (it is ${String(parameters[leaf.path])})`;
    const skip = Expr.value<ParameterValue>({
      path: 'params.search_replace.skipReadBeforeEdit',
      value: true,
    });
    expect(explain(skip, hasValue, describe)).toEqual({
      holds: false,
      reasons: [{ leaf: { path: 'params.search_replace.skipReadBeforeEdit', value: true }, holds: false }],
      text: 'params.search_replace.skipReadBeforeEdit is not true (it is false)',
    });
  });

  it('speaks of a deciding constant in the text but lists no reason for it', () => {
    expect(explain(Expr.false, truthOf({}))).toEqual({
      holds: false,
      reasons: [],
      text: 'false never holds',
    });
    expect(explain(Expr.or(), truthOf({}))).toEqual({ holds: false, reasons: [], text: 'false never holds' });
    expect(explain(Expr.not(Expr.true), truthOf({})).text).toBe('true always holds');
    expect(explain(Expr.not(Expr.and()), truthOf({})).text).toBe('true always holds');
    expect(explain(Expr.and(Expr.value('a'), Expr.false), truthOf({}))).toEqual({
      holds: false,
      reasons: [{ leaf: 'a', holds: false }],
      text: 'a is false and false never holds',
    });
  });

  it('returns a frozen explanation', () => {
    const explanation = explain(readFirst, truthOf({}));
    expect(Object.isFrozen(explanation)).toBe(true);
    expect(Object.isFrozen(explanation.reasons)).toBe(true);
    expect(Object.isFrozen(explanation.reasons[0])).toBe(true);
  });

  it('agrees with evaluate, and every reason states its leaf’s real value', () => {
    fc.assert(
      fc.property(arbitraryExpr(), arbitraryHolds(), (expr, holds) => {
        const explanation = explain(expr, holds);
        expect(explanation.holds).toBe(evaluate(expr, holds));
        const written = leaves(expr);
        for (const reason of explanation.reasons) {
          expect(reason.holds).toBe(holds(reason.leaf));
          expect(written).toContain(reason.leaf);
        }
        expect(explanation.text === '').toBe(explanation.holds);
      }),
    );
  });

  it('without NOT, names only false leaves, and making them all true makes the expression true', () => {
    fc.assert(
      fc.property(arbitraryExpr({ negation: false, constants: false }), arbitraryHolds(), (expr, holds) => {
        const { reasons } = explain(expr, holds);
        expect(reasons.every((reason) => !reason.holds)).toBe(true);
        const named = new Set(reasons.map((reason) => reason.leaf));
        expect(evaluate(expr, (leaf) => named.has(leaf) || holds(leaf))).toBe(true);
      }),
    );
  });

  it('when no leaf is written twice, flipping every named leaf makes the expression true', () => {
    fc.assert(
      fc.property(
        arbitraryExpr({ constants: false, distinctLeaves: true }),
        arbitraryHolds(),
        (expr, holds) => {
          const named = new Set(explain(expr, holds).reasons.map((reason) => reason.leaf));
          expect(evaluate(expr, (leaf) => named.has(leaf) !== holds(leaf))).toBe(true);
        },
      ),
    );
  });

  it('gives the same explanation to expressions equal by De Morgan and double negation', () => {
    fc.assert(
      fc.property(arbitraryExpr(), arbitraryExpr(), arbitraryHolds(), (a, b, holds) => {
        expect(explain(Expr.not(Expr.and(a, b)), holds)).toEqual(
          explain(Expr.or(Expr.not(a), Expr.not(b)), holds),
        );
        expect(explain(Expr.not(Expr.or(a, b)), holds)).toEqual(
          explain(Expr.and(Expr.not(a), Expr.not(b)), holds),
        );
        expect(explain(Expr.not(Expr.not(a)), holds)).toEqual(explain(a, holds));
      }),
    );
  });
});
