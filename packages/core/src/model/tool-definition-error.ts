import type { DefinitionProblem } from './definition-problem';

/** Thrown when a tool or args definition is read and found incomplete; lists every problem found. */
export class ToolDefinitionError extends Error {
  override readonly name = 'ToolDefinitionError';

  constructor(readonly problems: readonly DefinitionProblem[]) {
    super(formatProblems(problems));
  }
}

function formatProblems(problems: readonly DefinitionProblem[]): string {
  const noun = problems.length === 1 ? 'problem' : 'problems';
  const items = problems.map((p) => `  - ${p.where}: ${p.message}\n    Fix: ${p.fix}`);
  return `${problems.length} ${noun} in tool definitions\n\n${items.join('\n')}`;
}
