import type { Problem } from './problem';

/** Colours for a problem list (a terminal's); each returns its text unchanged by default. */
export interface ProblemStyle {
  /** The heading line (`3 problems in the tool registry`, with its label). */
  heading?(text: string): string;
  /** The `-` that starts an item. */
  bullet?(text: string): string;
  /** The `Fix:` label and every line of the fix. */
  fix?(text: string): string;
}

/** Options of `formatProblems`. */
export interface FormatProblemsOptions {
  /** Put before the heading: `FinalizeError: `. */
  readonly label?: string;
  /** Wrap items (and the note) at this many columns, continuation lines indented under their item. */
  readonly width?: number;
  /** A paragraph after the list. */
  readonly note?: string;
  readonly style?: ProblemStyle;
}

const plain = (text: string): string => text;

/**
 * The one text of a problem list, for every error and report that lists problems (`FinalizeError`,
 * `ToolDefinitionError`, `ResourceValidationError`, `toolwright validate`): a heading
 * (`3 problems in the tool registry`), a blank line, then one `  - …` item per problem, each with
 * its `    Fix: …`. Colour comes from `style`, applied while writing, so no reader re-parses the text.
 */
export function formatProblems(
  subject: string,
  problems: readonly Problem[],
  options: FormatProblemsOptions = {},
): string {
  const heading = options.style?.heading ?? plain;
  const bullet = options.style?.bullet ?? plain;
  const fix = options.style?.fix ?? plain;
  const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
  const lines = [heading(`${options.label ?? ''}${count} ${subject}`), ''];
  for (const problem of problems) {
    const [first, ...rest] = wrap(problem.message, '  - ', '    ', options.width);
    lines.push(`  ${bullet('-')} ${first!.slice(4)}`, ...rest);
    const [fixFirst, ...fixRest] = wrap(`Fix: ${problem.fix}`, '    ', '    ', options.width);
    lines.push(`    ${fix('Fix:')}${fixPart(fixFirst!.slice(8), fix)}`);
    for (const line of fixRest) lines.push(`    ${fix(line.slice(4))}`);
  }
  let text = lines.join('\n');
  if (options.note !== undefined) text += `\n\n${wrap(options.note, '', '', options.width).join('\n')}`;
  return text;
}

// After `Fix:`: a space and the text, or nothing for an empty fix (as the unstyled text reads).
function fixPart(text: string, fix: (text: string) => string): string {
  return text === '' ? '' : ` ${fix(text.slice(1))}`;
}

function wrap(text: string, first: string, rest: string, width: number | undefined): string[] {
  if (width === undefined) return [first + text];
  const lines: string[] = [];
  let line = first;
  let empty = true;
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    if (!empty && line.length + 1 + word.length > width) {
      lines.push(line);
      line = rest + word;
    } else {
      line += (empty ? '' : ' ') + word;
    }
    empty = false;
  }
  lines.push(line);
  return lines;
}
