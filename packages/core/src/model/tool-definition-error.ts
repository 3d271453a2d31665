import type { DefinitionProblem } from './definition-problem';
import { brandErrorClass, hasErrorBrand } from '../errors/error-brand';

/** Thrown when a tool or args definition is read and found incomplete; lists every problem found. */
export class ToolDefinitionError extends Error {
  constructor(readonly problems: readonly DefinitionProblem[]) {
    super(formatProblems(problems));
  }

  /** Whether `value` is a `ToolDefinitionError` from any installed copy of @toolwright/core (`instanceof` sees one copy only). */
  static is(value: unknown): value is ToolDefinitionError {
    return hasErrorBrand(value, BRAND);
  }
}

const BRAND = brandErrorClass(ToolDefinitionError, 'ToolDefinitionError');

function formatProblems(problems: readonly DefinitionProblem[]): string {
  const noun = problems.length === 1 ? 'problem' : 'problems';
  const items = problems.map((p) => `  - ${p.where}: ${p.message}\n    Fix: ${p.fix}`);
  return `${problems.length} ${noun} in tool definitions\n\n${items.join('\n')}`;
}
