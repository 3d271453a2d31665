import type { ResourceProblem } from './resource-problem';
import { brandErrorClass, formatProblems, hasErrorBrand } from '@toolwright/core/internal';

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

  /** Whether `value` is a `ResourceValidationError` from any installed copy of @toolwright/resources (`instanceof` sees one copy only). */
  static is(value: unknown): value is ResourceValidationError {
    return hasErrorBrand(value, BRAND);
  }
}

const BRAND = brandErrorClass(ResourceValidationError, 'ResourceValidationError');
