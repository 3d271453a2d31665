/**
 * Wraps an exception thrown by author code while decoding (an args constructor, a `@Transform`,
 * a custom validator), so the decoder can tell it from bad input and rethrow the original.
 */
export class AuthorCodeError extends Error {
  override readonly name = 'AuthorCodeError';

  constructor(readonly thrown: unknown) {
    super('author code threw while decoding arguments', { cause: thrown });
  }
}
