// Symbol.for, not Symbol: two installed copies must recognise each other's errors.
const BRAND = Symbol.for('toolwright.CliFailure');

/**
 * An expected failure of a command (bad usage, a module that cannot be loaded, …): `main` prints
 * its message without a stack and exits with its code.
 */
export class CliFailure extends Error {
  override readonly name: string = 'CliFailure';

  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }

  /** Whether `value` is a `CliFailure` from any installed copy of @toolwright/cli (`instanceof` sees one copy only). */
  static is(value: unknown): value is CliFailure {
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

Object.defineProperty(CliFailure.prototype, BRAND, { value: true });
