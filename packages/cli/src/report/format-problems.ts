import { formatFinalizeProblems, type FinalizeProblem } from '@toolwright/registry';
import type { Styler } from '../io/styler';

/**
 * The problems as `FinalizeError` words them (`FinalizeError: 3 problems in the tool registry`, then
 * `  - …` items each with its `Fix:`), coloured by the one problem formatter when `style` is on.
 */
export function formatProblems(problems: readonly FinalizeProblem[], style: Styler): string {
  return formatFinalizeProblems(problems, {
    label: 'FinalizeError: ',
    ...(style.enabled
      ? { style: { heading: (text) => style.red(style.bold(text)), bullet: style.red, fix: style.green } }
      : {}),
  });
}
