import { ToolError } from '@toolwright/core';

/** One change of a chunk of an `Update File` hunk. */
export interface PatchChunk {
  /** The `@@ …` header text after `@@`, used to find the place (empty when none). */
  readonly header: string;
  /** The lines the chunk expects (context and removed lines). */
  readonly oldLines: readonly string[];
  /** The lines it leaves (context and added lines). */
  readonly newLines: readonly string[];
  /** `*** End of File`: the chunk must match at the end of the file. */
  readonly endOfFile: boolean;
}

/** One file operation of a patch. */
export type PatchHunk =
  | { readonly type: 'add'; readonly path: string; readonly content: string }
  | { readonly type: 'delete'; readonly path: string }
  | {
      readonly type: 'update';
      readonly path: string;
      readonly moveTo?: string;
      readonly chunks: readonly PatchChunk[];
    };

const BEGIN = '*** Begin Patch';
const END = '*** End Patch';
const ADD = '*** Add File: ';
const DELETE = '*** Delete File: ';
const UPDATE = '*** Update File: ';
const MOVE = '*** Move to: ';
const END_OF_FILE = '*** End of File';

/** The grammar, for error texts. */
export const PATCH_FORMAT_HINT =
  'The patch format is:\n*** Begin Patch\n*** Add File: path\n+line\n*** Update File: path\n@@ optional context line\n unchanged line\n-removed line\n+added line\n*** Delete File: path\n*** End Patch';

/**
 * Parses codex's patch format (`*** Begin Patch` … `*** End Patch`, with Add/Delete/Update File
 * hunks, `*** Move to:`, `@@` chunks and ` `/`-`/`+` lines). Fails with `invalid_arguments` naming the
 * line that does not fit.
 */
export function parsePatch(input: string): PatchHunk[] {
  let lines = input.replace(/\r\n/g, '\n').trim().split('\n');
  // Models often wrap the patch in a heredoc (`<<'EOF'` … `EOF`) copied from a shell call.
  if (lines.length > 2 && /^<<['"]?\w+['"]?$/.test(lines[0]!.trim())) lines = lines.slice(1, -1);
  if (lines[0]?.trim() !== BEGIN) throw invalid(`The patch must start with "${BEGIN}".`);
  if (lines[lines.length - 1]?.trim() !== END) throw invalid(`The patch must end with "${END}".`);
  const hunks: PatchHunk[] = [];
  let index = 1;
  const last = lines.length - 1;
  while (index < last) {
    const line = lines[index]!;
    if (line.startsWith(ADD)) {
      const path = line.slice(ADD.length).trim();
      const content: string[] = [];
      index++;
      while (index < last && !lines[index]!.startsWith('*** ')) {
        const body = lines[index]!;
        if (!body.startsWith('+'))
          throw invalid(
            `Line ${index + 1}: every line of an added file starts with "+" (got ${JSON.stringify(body)}).`,
          );
        content.push(body.slice(1));
        index++;
      }
      hunks.push({ type: 'add', path, content: content.length === 0 ? '' : `${content.join('\n')}\n` });
    } else if (line.startsWith(DELETE)) {
      hunks.push({ type: 'delete', path: line.slice(DELETE.length).trim() });
      index++;
    } else if (line.startsWith(UPDATE)) {
      const path = line.slice(UPDATE.length).trim();
      index++;
      let moveTo: string | undefined;
      if (lines[index]?.startsWith(MOVE)) {
        moveTo = lines[index]!.slice(MOVE.length).trim();
        index++;
      }
      const chunks: PatchChunk[] = [];
      while (index < last && (!lines[index]!.startsWith('*** ') || lines[index] === END_OF_FILE)) {
        const parsed = parseChunk(lines, index, last, chunks.length === 0);
        chunks.push(parsed.chunk);
        index = parsed.next;
      }
      if (chunks.length === 0 && moveTo === undefined)
        throw invalid(`Line ${index}: the update of ${path} has no changes.`);
      hunks.push({ type: 'update', path, ...(moveTo === undefined ? {} : { moveTo }), chunks });
    } else if (line.trim() === '') {
      index++;
    } else {
      throw invalid(
        `Line ${index + 1}: expected "*** Add File:", "*** Update File:" or "*** Delete File:" (got ${JSON.stringify(line)}).`,
      );
    }
  }
  if (hunks.length === 0) throw invalid('The patch changes no files.');
  for (const hunk of hunks) if (hunk.path === '') throw invalid('A hunk names no file.');
  return hunks;
}

function parseChunk(
  lines: readonly string[],
  start: number,
  last: number,
  first: boolean,
): { chunk: PatchChunk; next: number } {
  let index = start;
  let header = '';
  if (lines[index]!.startsWith('@@')) {
    header = lines[index]!.slice(2).trim();
    index++;
  } else if (!first) {
    throw invalid(`Line ${index + 1}: a new chunk starts with "@@" (got ${JSON.stringify(lines[index])}).`);
  }
  const oldLines: string[] = [];
  const newLines: string[] = [];
  let endOfFile = false;
  while (index < last) {
    const line = lines[index]!;
    if (line === END_OF_FILE) {
      endOfFile = true;
      index++;
      break;
    }
    if (line.startsWith('@@') || line.startsWith('*** ')) break;
    const marker = line[0] ?? ' ';
    const text = line.slice(1);
    if (marker === ' ' || line === '') {
      oldLines.push(text);
      newLines.push(text);
    } else if (marker === '-') {
      oldLines.push(text);
    } else if (marker === '+') {
      newLines.push(text);
    } else {
      throw invalid(
        `Line ${index + 1}: a changed line starts with " ", "-" or "+" (got ${JSON.stringify(line)}).`,
      );
    }
    index++;
  }
  if (oldLines.length === 0 && newLines.length === 0) throw invalid(`Line ${start + 1}: an empty chunk.`);
  return { chunk: { header, oldLines, newLines, endOfFile }, next: index };
}

function invalid(text: string): ToolError {
  return ToolError.invalidArguments(`${text}\n\n${PATCH_FORMAT_HINT}`);
}
