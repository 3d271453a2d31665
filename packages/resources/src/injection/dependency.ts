import type { ServiceIdentifier } from 'inversify';

/** One value a class receives by injection. */
export interface Dependency {
  /** The token resolved there: a class, a `createToken` symbol, `Params.of(C)`, `State.of(C)`. */
  readonly token: ServiceIdentifier;
  /** The token's readable name: `Workspace`, `Params<EditConfig>`. */
  readonly tokenName: string;
  /** Where the class receives it: `constructor parameter #1`, `property clock`. */
  readonly site: string;
  /** `@optional()`: when unbound, `undefined` is injected and nothing is missing. */
  readonly optional: boolean;
}
