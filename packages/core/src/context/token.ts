/** A typed key for a value held by the host: a branded symbol, usable directly with inversify's `@inject(token)`. */
export type Token<T> = symbol & { readonly __toolwrightTokenType?: (value: T) => T };

/** A class used as its own token: its instances are the values. */
export type ClassToken<T> = abstract new (...args: any[]) => T;

/** Anything that names a typed value: a `createToken` token or a class. */
export type TokenLike<T> = Token<T> | ClassToken<T>;

/** Creates a typed token; the name appears in error messages (`missing_resource`, finalize problems). */
export function createToken<T>(name: string): Token<T> {
  return Symbol(name) as Token<T>;
}

/** A readable name for a token: the symbol's description or the class name. */
export function tokenName(token: TokenLike<any> | string): string {
  if (typeof token === 'symbol') return token.description ?? 'anonymous token';
  if (typeof token === 'string') return token;
  return token.name || 'anonymous class';
}
