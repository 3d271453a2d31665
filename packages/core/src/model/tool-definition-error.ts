import type { DefinitionProblem } from './definition-problem';

// Symbol.for, not Symbol: two installed copies must recognise each other's errors.
const BRAND = Symbol.for('toolwright.ToolDefinitionError');

/** Thrown when a tool or args definition is read and found incomplete; lists every problem found. */
export class ToolDefinitionError extends Error {
  override readonly name = 'ToolDefinitionError';

  constructor(readonly problems: readonly DefinitionProblem[]) {
    super(formatProblems(problems));
  }

  /** Whether `value` is a `ToolDefinitionError` from any installed copy of @toolwright/core (`instanceof` sees one copy only). */
  static is(value: unknown): value is ToolDefinitionError {
    try {
      return (
        typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true
      );
    } catch {
      // A Proxy's `get` may throw.
      return false;
    }
  }
}

Object.defineProperty(ToolDefinitionError.prototype, BRAND, { value: true });

function formatProblems(problems: readonly DefinitionProblem[]): string {
  const noun = problems.length === 1 ? 'problem' : 'problems';
  const items = problems.map((p) => `  - ${p.where}: ${p.message}\n    Fix: ${p.fix}`);
  return `${problems.length} ${noun} in tool definitions\n\n${items.join('\n')}`;
}
