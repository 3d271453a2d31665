/** A leaf of an expression: one fact of type `T` (a tool name, a parameter, a parameter value…). */
export interface ValueExpr<T> {
  readonly type: 'value';
  readonly leaf: T;
}

/** Holds when every operand holds; with no operands it holds. */
export interface AndExpr<T> {
  readonly type: 'and';
  readonly operands: readonly Expr<T>[];
}

/** Holds when at least one operand holds; with no operands it does not hold. */
export interface OrExpr<T> {
  readonly type: 'or';
  readonly operands: readonly Expr<T>[];
}

/** Holds when its operand does not. */
export interface NotExpr<T> {
  readonly type: 'not';
  readonly operand: Expr<T>;
}

/** The constant that always holds. */
export interface TrueExpr {
  readonly type: 'true';
}

/** The constant that never holds. */
export interface FalseExpr {
  readonly type: 'false';
}

/** An immutable boolean expression over leaves of type `T`; build one with the `Expr` constructors. */
export type Expr<T> = ValueExpr<T> | AndExpr<T> | OrExpr<T> | NotExpr<T> | TrueExpr | FalseExpr;

const trueExpr: TrueExpr = Object.freeze({ type: 'true' });
const falseExpr: FalseExpr = Object.freeze({ type: 'false' });

/**
 * Constructors for `Expr`. Every node they return is frozen, and none simplifies its input, so a
 * tree keeps the shape it was written in: `formatExpr` and `explain` speak about what the author wrote.
 */
export const Expr = Object.freeze({
  /** A leaf: the fact `leaf`, decided later by the caller of `evaluate` or `explain`. */
  value<T>(leaf: T): ValueExpr<T> {
    return Object.freeze({ type: 'value', leaf });
  },

  /** Holds when every operand holds; `Expr.and()` with no operands holds. */
  and<T = never>(...operands: readonly Expr<T>[]): AndExpr<T> {
    return Object.freeze({ type: 'and', operands: Object.freeze([...operands]) });
  },

  /** Holds when at least one operand holds; `Expr.or()` with no operands does not hold. */
  or<T = never>(...operands: readonly Expr<T>[]): OrExpr<T> {
    return Object.freeze({ type: 'or', operands: Object.freeze([...operands]) });
  },

  /** Holds when `operand` does not. */
  not<T = never>(operand: Expr<T>): NotExpr<T> {
    return Object.freeze({ type: 'not', operand });
  },

  /** The constant that always holds. */
  true: trueExpr,

  /** The constant that never holds. */
  false: falseExpr,
});
