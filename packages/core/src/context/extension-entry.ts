import type { TokenLike } from './token';

/**
 * One host value for a call's bag: a token and its value. The token is `TokenLike<any>` because
 * `Token<T>` is invariant in `T`, so `TokenLike<unknown>` would reject every concrete token.
 */
export type ExtensionEntry = readonly [TokenLike<any>, unknown];

/** A map keyed by tokens of any type (the bags of a call, `meta.hostResults`). */
export type TokenMap = ReadonlyMap<TokenLike<any>, unknown>;
