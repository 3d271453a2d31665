import type { ResourceProblem } from './resource-problem';

/** A heading and one `  - …` item per problem, each followed by its fix. */
export function formatProblems(heading: string, problems: readonly ResourceProblem[]): string {
  const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
  const items = problems.map((problem) => `  - ${problem.message}\n    Fix: ${problem.fix}`);
  return [`${count} ${heading}`, '', ...items].join('\n');
}
