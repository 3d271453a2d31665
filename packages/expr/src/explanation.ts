/** One leaf that decided an expression's value, with the value the leaf itself had. */
export interface Reason<T> {
  readonly leaf: T;
  readonly holds: boolean;
}

/** Why an expression does not hold: the deciding leaves as data, and the same in plain words. */
export interface Explanation<T> {
  /** Whether the expression holds; when it does, `reasons` is empty and `text` is `''`. */
  readonly holds: boolean;
  /** The leaves that made the expression false, each once, in the order they are written. */
  readonly reasons: readonly Reason<T>[];
  /** The reasons in plain English, e.g. `read_file is false and edit is false`. */
  readonly text: string;
}
