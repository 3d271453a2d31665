import type { TokenLike } from '@toolwright/core';

/** What a factory can do with the resources it is building a value for: read other values. */
export interface ResourceReader {
  /** The value bound to `token`; throws `missing_resource` when unbound. */
  get<T>(token: TokenLike<T>): T;
  /** The value bound to `token`, waiting for async factories. */
  getAsync<T>(token: TokenLike<T>): Promise<T>;
  /** Whether `token` is bound. */
  has(token: TokenLike<any>): boolean;
}
