// Symbol.for, not Symbol: two installed copies must recognise each other's errors.
const BRAND = Symbol.for('toolwright.AuthorCodeError');

/**
 * Wraps an exception thrown by author code while decoding (an args constructor, a `@Transform`,
 * a custom validator), so the decoder can tell it from bad input and rethrow the original.
 */
export class AuthorCodeError extends Error {
  override readonly name = 'AuthorCodeError';

  constructor(readonly thrown: unknown) {
    super('author code threw while decoding arguments', { cause: thrown });
  }

  /** Whether `value` is an `AuthorCodeError` from any installed copy of @toolwright/core (`instanceof` sees one copy only). */
  static is(value: unknown): value is AuthorCodeError {
    try {
      return (
        typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true
      );
    } catch {
      // A Proxy's `get` may throw.
      return false;
    }
  }
}

Object.defineProperty(AuthorCodeError.prototype, BRAND, { value: true });
