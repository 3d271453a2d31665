import { brandErrorClass, hasErrorBrand } from '../errors/error-brand';

/** Thrown for a URI template that is not RFC 6570 syntax; `position` is the offending character's index. */
export class UriTemplateError extends Error {
  constructor(
    readonly template: string,
    readonly position: number,
    readonly problem: string,
  ) {
    super(`the URI template ${JSON.stringify(template)} is invalid at character ${position + 1}: ${problem}`);
  }

  /** Whether `value` is a `UriTemplateError` from any installed copy of @toolwright/core (`instanceof` sees one copy only). */
  static is(value: unknown): value is UriTemplateError {
    return hasErrorBrand(value, BRAND);
  }
}

const BRAND = brandErrorClass(UriTemplateError, 'UriTemplateError');
