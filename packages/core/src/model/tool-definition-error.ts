import type { DefinitionProblem } from './definition-problem';
import { brandErrorClass, hasErrorBrand } from '../errors/error-brand';
import { formatProblems } from '../errors/format-problems';

/** Thrown when a tool or args definition is read and found incomplete; lists every problem found. */
export class ToolDefinitionError extends Error {
  constructor(readonly problems: readonly DefinitionProblem[]) {
    super(formatDefinitionProblems(problems));
  }

  /** Whether `value` is a `ToolDefinitionError` from any installed copy of @toolwright/core (`instanceof` sees one copy only). */
  static is(value: unknown): value is ToolDefinitionError {
    return hasErrorBrand(value, BRAND);
  }
}

const BRAND = brandErrorClass(ToolDefinitionError, 'ToolDefinitionError');

function formatDefinitionProblems(problems: readonly DefinitionProblem[]): string {
  return formatProblems(
    'in tool definitions',
    problems.map((problem) => ({ message: `${problem.where}: ${problem.message}`, fix: problem.fix })),
  );
}
