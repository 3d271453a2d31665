import { brandErrorClass, hasErrorBrand } from '@toolwright/core/internal';

/**
 * An expected failure of a command (bad usage, a module that cannot be loaded, …): `main` prints
 * its message without a stack and exits with its code.
 */
export class CliFailure extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }

  /** Whether `value` is a `CliFailure` from any installed copy of @toolwright/cli (`instanceof` sees one copy only). */
  static is(value: unknown): value is CliFailure {
    return hasErrorBrand(value, BRAND);
  }
}

const BRAND = brandErrorClass(CliFailure, 'CliFailure');
