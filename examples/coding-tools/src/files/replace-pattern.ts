import { ToolError } from '@toolwright/core';
import type { Workspace } from '../workspace/workspace';
import type { EditResult } from './replace-exact';
import { lineOf, readTextFile } from './read-text-file';
import { writeFileAtomic } from './write-file-atomic';

/** A regular-expression replacement over a whole file. */
export interface PatternReplacement {
  /** A JavaScript regular expression; `^` and `$` match at line boundaries. */
  readonly pattern: string;
  /** The replacement; `$1`, `$<name>` and `$&` refer to the match. */
  readonly replacement: string;
  readonly ignoreCase?: boolean;
}

/** Compiles a pattern the model sent, or fails with `invalid_arguments` quoting the syntax error. */
export function compilePattern(pattern: string, flags: string): RegExp {
  try {
    return new RegExp(pattern, flags);
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'invalid syntax';
    throw ToolError.invalidArguments(`pattern is not a valid regular expression: ${reason}.`);
  }
}

/** Replaces every match of a regular expression in a workspace file; `conflict` when nothing matches. */
export async function replacePattern(
  workspace: Workspace,
  requested: string,
  replacement: PatternReplacement,
): Promise<EditResult> {
  const regex = compilePattern(replacement.pattern, `gm${replacement.ignoreCase === true ? 'i' : ''}`);
  const file = await readTextFile(workspace, requested);
  const indexes: number[] = [];
  for (const match of file.text.matchAll(regex)) indexes.push(match.index);
  if (indexes.length === 0) {
    throw ToolError.conflict(
      `The pattern matched nothing in "${file.target.display}". Read the file to check what it contains, or adjust the pattern.`,
    );
  }
  const updated = file.text.replace(regex, replacement.replacement);
  if (updated !== file.text) await writeFileAtomic(file.target.absolute, updated, file.mode);
  return {
    path: file.target.display,
    replacements: indexes.length,
    lines: indexes.slice(0, 20).map((index) => lineOf(file.text, index)),
  };
}
