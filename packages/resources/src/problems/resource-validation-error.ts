import { formatProblems } from './format-problems';
import type { ResourceProblem } from './resource-problem';

/**
 * Thrown when a value does not fit its class: a `State` update that fails validation (the state
 * keeps its value) or a snapshot that `restore` refuses (nothing is applied). Lists every problem.
 */
export class ResourceValidationError extends Error {
  /** Every problem found, in order. */
  readonly problems: readonly ResourceProblem[];

  /** `heading` completes "N problems …": `in the snapshot`, `in the new value of State<Counter>`. */
  constructor(heading: string, problems: readonly ResourceProblem[]) {
    super(formatProblems(heading, problems));
    this.problems = Object.freeze([...problems]);
  }
}

Object.defineProperty(ResourceValidationError.prototype, 'name', {
  value: 'ResourceValidationError',
  writable: true,
  configurable: true,
});
