import { ToolError } from '@toolwright/core';
import type { Workspace } from '../workspace/workspace';
import { lineHash, parseLineAnchor } from './line-hash';
import { readTextFile } from './read-text-file';
import { joinLines, splitLines, type TextLines } from './text-lines';
import { writeFileAtomic } from './write-file-atomic';

/** What one hash-anchored edit does. */
export type HashlineOperation = 'replace' | 'delete' | 'insert_before' | 'insert_after';

/** One hash-anchored edit: lines named by `line:hash` anchors, as a hashline read shows them. */
export interface HashlineEdit {
  readonly op: HashlineOperation;
  /** The first line (`12:a3f`), or the line to insert next to. */
  readonly start: string;
  /** The last line of a replace or delete (inclusive; default `start`). */
  readonly end?: string;
  /** The new lines of a replace or an insert. */
  readonly text?: string;
}

/** A line of the edited file, anchored anew. */
export interface AnchoredLine {
  readonly number: number;
  readonly hash: string;
  readonly text: string;
}

/** What a set of hashline edits did. */
export interface HashlineEditResult {
  readonly path: string;
  readonly edits: number;
  readonly linesBefore: number;
  readonly linesAfter: number;
  /** The lines each edit wrote, with their new anchors (at most `MAX_SHOWN_LINES` in all). */
  readonly changed: readonly AnchoredLine[];
}

/** New anchored lines returned at most: enough to continue editing nearby without reading again. */
export const MAX_SHOWN_LINES = 40;

// An edit resolved against the file: the lines it removes ([from, to), 0-based) and what it puts there.
interface Placed {
  readonly index: number;
  readonly from: number;
  readonly to: number;
  readonly insert: readonly string[];
  readonly describe: string;
}

/**
 * Applies hash-anchored line edits to a workspace file, all or none: every anchor must name a line
 * whose content still has that hash (else `conflict`: the file changed since it was read), edits
 * may not overlap (`invalid_arguments`), and the file is written once, atomically, keeping each
 * line's line break (new lines take CRLF in a CRLF file).
 */
export async function applyHashlineEdits(
  workspace: Workspace,
  requested: string,
  edits: readonly HashlineEdit[],
): Promise<HashlineEditResult> {
  const file = await readTextFile(workspace, requested);
  const where = file.target.display;
  const lines = splitLines(file.text);
  const placed = edits.map((edit, index) => place(edit, index, lines, where));
  refuseOverlaps(placed);
  const crlfFile = lines.crlf.some(Boolean);
  // Applied from the end, so earlier indexes stay valid; inserts at one place keep their order.
  const ordered = [...placed].sort((a, b) => b.from - a.from || b.to - a.to || b.index - a.index);
  const contents = [...lines.contents];
  const crlf = [...lines.crlf];
  for (const edit of ordered) {
    contents.splice(edit.from, edit.to - edit.from, ...edit.insert);
    crlf.splice(edit.from, edit.to - edit.from, ...edit.insert.map(() => crlfFile));
  }
  // A file without a final newline keeps none, whatever its last line is now.
  const updated: TextLines = { contents, crlf, finalNewline: lines.finalNewline };
  await writeFileAtomic(file.target.absolute, joinLines(updated), file.mode);
  return {
    path: where,
    edits: edits.length,
    linesBefore: lines.contents.length,
    linesAfter: contents.length,
    changed: changedLines(placed, contents),
  };
}

function place(edit: HashlineEdit, index: number, lines: TextLines, where: string): Placed {
  const which = `edit ${index + 1}`;
  const start = checkAnchor(edit.start, lines, where, which);
  const isInsert = edit.op === 'insert_before' || edit.op === 'insert_after';
  if (isInsert && edit.end !== undefined) {
    throw ToolError.invalidArguments(`${which} (${edit.op}) takes no end: it inserts next to one line.`);
  }
  const end = edit.end === undefined ? start : checkAnchor(edit.end, lines, where, which);
  if (end < start) {
    throw ToolError.invalidArguments(`${which}: end (line ${end}) comes before start (line ${start}).`);
  }
  if (edit.op === 'delete') {
    if (edit.text !== undefined) {
      throw ToolError.invalidArguments(`${which} (delete) takes no text; to change lines, use replace.`);
    }
    return { index, from: start - 1, to: end, insert: [], describe: range(start, end) };
  }
  if (edit.text === undefined) {
    throw ToolError.invalidArguments(`${which} (${edit.op}) needs text: the new lines.`);
  }
  const insert = newLines(edit.text);
  if (edit.op === 'replace') return { index, from: start - 1, to: end, insert, describe: range(start, end) };
  const at = edit.op === 'insert_before' ? start - 1 : start;
  return { index, from: at, to: at, insert, describe: `${edit.op.replace('_', ' ')} line ${start}` };
}

// The 1-based line of an anchor whose hash matches the file's line, or the curated refusal.
function checkAnchor(anchor: string, lines: TextLines, where: string, which: string): number {
  const { line, hash } = parseLineAnchor(anchor);
  const count = lines.contents.length;
  if (count === 0) {
    throw ToolError.invalidArguments(
      `"${where}" is empty, so no line can anchor an edit; write its content with write_file.`,
    );
  }
  if (line > count) {
    throw ToolError.conflict(
      `${which}: line ${line} does not exist; "${where}" has ${count} line${count === 1 ? '' : 's'} now. The file changed since you read it: read it again and use the new anchors. No edit was applied.`,
    );
  }
  const actual = lineHash(lines.contents[line - 1]!);
  if (actual !== hash) {
    throw ToolError.conflict(
      `${which}: the anchor ${anchor} is stale: line ${line} of "${where}" now has hash ${actual}. The file changed since you read it: read it again and use the new anchors. No edit was applied.`,
    );
  }
  return line;
}

function refuseOverlaps(placed: readonly Placed[]): void {
  for (let i = 0; i < placed.length; i += 1) {
    for (let j = i + 1; j < placed.length; j += 1) {
      const a = placed[i]!;
      const b = placed[j]!;
      // Two ranges overlap when they share a line; an insert overlaps a range it falls inside.
      const overlap =
        a.from < a.to && b.from < b.to
          ? a.from < b.to && b.from < a.to
          : a.from < a.to
            ? b.from > a.from && b.from < a.to
            : b.from < b.to && a.from > b.from && a.from < b.to;
      if (overlap) {
        throw ToolError.invalidArguments(
          `edits ${a.index + 1} (${a.describe}) and ${b.index + 1} (${b.describe}) overlap; make them one edit, or edit lines that do not overlap. No edit was applied.`,
        );
      }
    }
  }
}

// The text of a replace or insert as lines: a final line break ends the last line, it adds none.
function newLines(text: string): string[] {
  const pieces = text.split(/\r?\n/);
  if (pieces.length > 1 && pieces[pieces.length - 1] === '') pieces.pop();
  return pieces;
}

function range(start: number, end: number): string {
  return start === end ? `line ${start}` : `lines ${start}–${end}`;
}

// Where each edit's new lines ended up, in the order they appear in the file.
function changedLines(placed: readonly Placed[], contents: readonly string[]): AnchoredLine[] {
  const byPosition = [...placed].sort((a, b) => a.from - b.from || a.to - b.to || a.index - b.index);
  const shown: AnchoredLine[] = [];
  let shift = 0;
  for (const edit of byPosition) {
    const first = edit.from + shift;
    for (let k = 0; k < edit.insert.length && shown.length < MAX_SHOWN_LINES; k += 1) {
      const text = contents[first + k]!;
      shown.push({ number: first + k + 1, hash: lineHash(text), text });
    }
    shift += edit.insert.length - (edit.to - edit.from);
  }
  return shown;
}

/** For the model: what was done, and the new anchors of the lines written. */
export function describeHashlineEdits(result: HashlineEditResult): string {
  const count = `${result.edits} edit${result.edits === 1 ? '' : 's'}`;
  const head = `Edited ${result.path}: ${count} applied; ${result.linesBefore} lines before, ${result.linesAfter} now. Line numbers after an edit have moved: use the anchors below, or read the file again.`;
  if (result.changed.length === 0) return head;
  const body = result.changed.map((line) => `${line.number}:${line.hash}|${line.text}`).join('\n');
  return `${head}\n${body}`;
}
