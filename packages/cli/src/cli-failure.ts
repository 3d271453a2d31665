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
}
