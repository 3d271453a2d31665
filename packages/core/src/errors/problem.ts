/**
 * One problem found while checking what an author wrote (tool definitions, a registry, resource
 * values): what is wrong, in words that name where, and how to fix it. `DefinitionProblem`,
 * `FinalizeProblem` and `ResourceProblem` are problems with more data beside; `formatProblems`
 * writes any list of them.
 */
export interface Problem {
  /** What is wrong, naming where (tool, class, property, params path). */
  readonly message: string;
  /** How to fix it. */
  readonly fix: string;
}
