import type { Problem } from '@toolwright/core';

/** One problem with the resources: an invalid value, an unbound dependency, a snapshot that does not fit. */
export interface ResourceProblem extends Problem {
  /** The token the problem is about, by name: `Params<EditConfig>`, `Workspace`. */
  readonly tokenName: string;
  /** For a dependency problem: the class that needs the token. */
  readonly requiredBy?: string;
}
