/** One problem with the resources: an invalid value, an unbound dependency, a snapshot that does not fit. */
export interface ResourceProblem {
  /** The token the problem is about, by name: `Params<EditConfig>`, `Workspace`. */
  readonly tokenName: string;
  /** For a dependency problem: the class that needs the token. */
  readonly requiredBy?: string;
  /** What is wrong, as a sentence that names the token. */
  readonly message: string;
  /** How to fix it. */
  readonly fix: string;
}
