/** Thrown for a URI template that is not RFC 6570 syntax; `position` is the offending character's index. */
export class UriTemplateError extends Error {
  override readonly name = 'UriTemplateError';

  constructor(
    readonly template: string,
    readonly position: number,
    readonly problem: string,
  ) {
    super(`the URI template ${JSON.stringify(template)} is invalid at character ${position + 1}: ${problem}`);
  }
}
