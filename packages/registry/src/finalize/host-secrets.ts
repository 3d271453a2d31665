import { collectHostValues } from '@toolwright/core/internal';

/**
 * The values a registry's host bound as secret (`provide(token, value, { secret: true })`): their
 * strings are scrubbed from model- and client-bound text of every call, as the context bag's
 * are (R9, R22). A factory's value joins when it is built.
 */
export class HostSecrets {
  readonly #values: unknown[] = [];
  #strings: readonly string[] | undefined = [];

  /** Adds a value whose strings are secret. */
  add(value: unknown): void {
    this.#values.push(value);
    this.#strings = undefined;
  }

  /** The secret strings (at least 4 characters long), collected once per change. */
  readonly strings = (): readonly string[] => {
    this.#strings ??= Object.freeze(collectHostValues(this.#values));
    return this.#strings;
  };
}
