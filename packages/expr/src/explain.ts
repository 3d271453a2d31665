import type { Expr } from './expr';
import type { Explanation, Reason } from './explanation';

// A fact that decided a sub-expression's value: a leaf with its value, or a constant (which has no leaf).
type Fact<T> = { readonly type: 'leaf'; readonly reason: Reason<T> } | { readonly type: 'true' | 'false' };

interface Verdict<T> {
  readonly holds: boolean;
  readonly facts: readonly Fact<T>[];
}

/**
 * Says why `expr` does not hold, naming only the leaves that made it false: a false `and` by its false
 * operands, a false `or` by all of its operands, a false `NOT e` by whatever made `e` true (those leaves
 * are reported with `holds: true`). `holds` decides each leaf. `describe(leaf, holds)` states a leaf's
 * value in words, by default `<leaf> is true` / `<leaf> is false`; the text joins the statements as
 * "x, y and z". A deciding constant (or empty `and`/`or`) reads `true always holds` / `false never holds`
 * in the text and has no entry in `reasons`. When `expr` holds there are no reasons and the text is `''`.
 */
export function explain<T>(
  expr: Expr<T>,
  holds: (leaf: T) => boolean,
  describe: (leaf: T, holds: boolean) => string = describeLeaf,
): Explanation<T> {
  const verdict = decide(expr, holds);
  if (verdict.holds) return Object.freeze({ holds: true, reasons: Object.freeze([]), text: '' });
  const facts = distinct(verdict.facts);
  const reasons = facts.flatMap((fact) => (fact.type === 'leaf' ? [fact.reason] : []));
  const phrases = facts.map((fact) =>
    fact.type === 'leaf' ? describe(fact.reason.leaf, fact.reason.holds) : constantPhrases[fact.type],
  );
  return Object.freeze({ holds: false, reasons: Object.freeze(reasons), text: joinPhrases(phrases) });
}

const constantPhrases = { true: 'true always holds', false: 'false never holds' } as const;

function describeLeaf(leaf: unknown, holds: boolean): string {
  return `${String(leaf)} is ${holds}`;
}

// Decides every operand (no short-circuit), so that all the operands that decided the value are named.
function decide<T>(expr: Expr<T>, holds: (leaf: T) => boolean): Verdict<T> {
  switch (expr.type) {
    case 'value': {
      const reason: Reason<T> = Object.freeze({ leaf: expr.leaf, holds: holds(expr.leaf) });
      return { holds: reason.holds, facts: [{ type: 'leaf', reason }] };
    }
    case 'true':
    case 'false':
      return { holds: expr.type === 'true', facts: [{ type: expr.type }] };
    case 'not': {
      const inner = decide(expr.operand, holds);
      return { holds: !inner.holds, facts: inner.facts };
    }
    case 'and':
    case 'or': {
      // One false operand decides an `and`, one true operand an `or`; without any, every operand decides.
      const decidingValue = expr.type === 'or';
      const verdicts = expr.operands.map((operand) => decide(operand, holds));
      const deciding = verdicts.filter((verdict) => verdict.holds === decidingValue);
      if (deciding.length > 0)
        return { holds: decidingValue, facts: deciding.flatMap((verdict) => verdict.facts) };
      // With no operands there is no leaf to blame, so the empty `and`/`or` speaks as its constant.
      if (verdicts.length === 0)
        return { holds: !decidingValue, facts: [{ type: decidingValue ? 'false' : 'true' }] };
      return { holds: !decidingValue, facts: verdicts.flatMap((verdict) => verdict.facts) };
    }
  }
}

function distinct<T>(facts: readonly Fact<T>[]): Fact<T>[] {
  return facts.filter((fact, index) => facts.findIndex((other) => sameFact(fact, other)) === index);
}

function sameFact<T>(first: Fact<T>, second: Fact<T>): boolean {
  if (first.type !== 'leaf' || second.type !== 'leaf') return first.type === second.type;
  return Object.is(first.reason.leaf, second.reason.leaf) && first.reason.holds === second.reason.holds;
}

function joinPhrases(phrases: readonly string[]): string {
  if (phrases.length <= 1) return phrases.join('');
  return `${phrases.slice(0, -1).join(', ')} and ${phrases[phrases.length - 1]}`;
}
