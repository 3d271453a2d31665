import { ToolError } from '@toolwright/core';
import type { Workspace } from '../workspace/workspace';
import { lineOf, listLines, readTextFile } from './read-text-file';
import { writeFileAtomic } from './write-file-atomic';

/** An exact-text replacement: `old_string` must occur exactly once unless `replaceAll`. */
export interface ExactReplacement {
  readonly oldString: string;
  readonly newString: string;
  readonly replaceAll?: boolean;
}

/** What an edit did. */
export interface EditResult {
  readonly path: string;
  readonly replacements: number;
  /** The lines (1-based, in the file before the edit) where replacements started; at most 20. */
  readonly lines: readonly number[];
}

// Line numbers kept for messages; a replace_all over thousands of matches does not need them all.
const MAX_REPORTED = 20;

/**
 * Replaces exact text in a workspace file. Fails with `conflict` when `oldString` does not occur (the
 * file is not what the caller believes: read it again), and with `invalid_arguments` when it occurs
 * more than once without `replaceAll`, saying how many times and where.
 */
export async function replaceExact(
  workspace: Workspace,
  requested: string,
  edit: ExactReplacement,
): Promise<EditResult> {
  if (edit.oldString === '') {
    throw ToolError.invalidArguments(
      'old_string is empty. To create or overwrite a whole file, use write_file.',
    );
  }
  if (edit.oldString === edit.newString) {
    throw ToolError.invalidArguments('old_string and new_string are the same; nothing would change.');
  }
  const file = await readTextFile(workspace, requested);
  let { oldString, newString } = edit;
  let indexes = occurrences(file.text, oldString);
  // A CRLF file edited with LF text (what models write): match it with CRLF instead.
  if (
    indexes.length === 0 &&
    file.text.includes('\r\n') &&
    oldString.includes('\n') &&
    !oldString.includes('\r')
  ) {
    oldString = oldString.replace(/\n/g, '\r\n');
    newString = newString.replace(/\r?\n/g, '\r\n');
    indexes = occurrences(file.text, oldString);
  }
  const where = file.target.display;
  if (indexes.length === 0) {
    throw ToolError.conflict(
      `old_string was not found in "${where}". The file may differ from what you expect: read it again and copy the text exactly, including whitespace and indentation.${nearMiss(file.text, edit.oldString)}`,
    );
  }
  const lines = indexes.slice(0, MAX_REPORTED).map((index) => lineOf(file.text, index));
  if (indexes.length > 1 && edit.replaceAll !== true) {
    throw ToolError.invalidArguments(
      `old_string occurs ${indexes.length} times in "${where}" (at lines ${listLines(lines, indexes.length)}); it must match exactly once. Include more surrounding lines to make it unique, or set replace_all to true to replace all ${indexes.length}.`,
    );
  }
  const updated =
    edit.replaceAll === true
      ? file.text.split(oldString).join(newString)
      : file.text.slice(0, indexes[0]!) + newString + file.text.slice(indexes[0]! + oldString.length);
  await writeFileAtomic(file.target.absolute, updated, file.mode);
  return { path: where, replacements: indexes.length, lines };
}

/** One line for the model: `Edited src/a.ts: replaced 1 occurrence (line 12).` */
export function describeEdit(result: EditResult): string {
  const count = `${result.replacements} occurrence${result.replacements === 1 ? '' : 's'}`;
  const at = `line${result.lines.length === 1 ? '' : 's'} ${listLines(result.lines, result.replacements)}`;
  return `Edited ${result.path}: replaced ${count} (${at}).`;
}

function occurrences(text: string, search: string): number[] {
  const found: number[] = [];
  for (let at = text.indexOf(search); at !== -1; at = text.indexOf(search, at + search.length))
    found.push(at);
  return found;
}

// A hint when the first line of old_string exists with different indentation.
function nearMiss(text: string, oldString: string): string {
  const firstLine = oldString
    .split('\n')
    .find((line) => line.trim() !== '')
    ?.trim();
  if (firstLine === undefined) return '';
  const lines = text.split('\n');
  const index = lines.findIndex((line) => line.trim() === firstLine);
  return index === -1
    ? ''
    : ` Its first line appears at line ${index + 1} with different whitespace or surroundings.`;
}
