import { formatFinalizeProblems, type FinalizeProblem } from '@toolwright/registry';
import type { Styler } from '../io/styler';

/**
 * The problems as `FinalizeError` words them (`FinalizeError: 3 problems in the tool registry`, then
 * `  - …` items each with its `Fix:`), coloured when `style` is on.
 */
export function formatProblems(problems: readonly FinalizeProblem[], style: Styler): string {
  const text = `FinalizeError: ${formatFinalizeProblems(problems)}`;
  if (!style.enabled) return text;
  let inFix = false;
  return text
    .split('\n')
    .map((line, index) => {
      if (index === 0) return style.red(style.bold(line));
      if (line.startsWith('  - ')) {
        inFix = false;
        return `  ${style.red('-')} ${line.slice(4)}`;
      }
      if (line.startsWith('    Fix: ')) {
        inFix = true;
        return `    ${style.green('Fix:')} ${style.green(line.slice(9))}`;
      }
      return inFix ? style.green(line) : line;
    })
    .join('\n');
}
