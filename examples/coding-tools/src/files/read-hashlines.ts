import { ToolError } from '@toolwright/core';
import type { Workspace } from '../workspace/workspace';
import { lineHash } from './line-hash';
import {
  DEFAULT_READ_LIMIT,
  MAX_LINE_CHARACTERS,
  MAX_READ_CHARACTERS,
  type FileLine,
  type ReadWindow,
  type TextSlice,
} from './read-file-slice';
import { readTextFile } from './read-text-file';
import { splitLines } from './text-lines';

/**
 * Reads a window of a workspace text file's lines, each with the hash of its whole content
 * (`FileLine.hash`), for hash-anchored edits. The file is loaded whole, as `hashline_edit` loads it
 * (up to `MAX_EDIT_BYTES`); long lines are cut in the text shown, never in what is hashed.
 */
export async function readHashlines(
  workspace: Workspace,
  requested: string,
  window: ReadWindow = {},
): Promise<TextSlice> {
  const file = await readTextFile(workspace, requested);
  const { contents } = splitLines(file.text);
  const first = window.offset ?? 1;
  const limit = window.limit ?? DEFAULT_READ_LIMIT;
  if (contents.length > 0 && first > contents.length) {
    throw ToolError.invalidArguments(
      `offset ${first} is past the end of "${file.target.display}", which has ${contents.length} line${contents.length === 1 ? '' : 's'}.`,
    );
  }
  const lines: FileLine[] = [];
  let characters = 0;
  let end: TextSlice['end'] = 'eof';
  for (let index = first - 1; index < contents.length; index += 1) {
    if (index >= first - 1 + limit) {
      end = 'limit';
      break;
    }
    const content = contents[index]!;
    const shown =
      content.length > MAX_LINE_CHARACTERS
        ? `${content.slice(0, MAX_LINE_CHARACTERS)} … [line truncated: ${content.length - MAX_LINE_CHARACTERS} more characters]`
        : content;
    if (characters + shown.length > MAX_READ_CHARACTERS && lines.length > 0) {
      end = 'cap';
      break;
    }
    characters += shown.length;
    lines.push({ number: index + 1, text: shown, hash: lineHash(content) });
  }
  return {
    type: 'text',
    path: file.target.display,
    lines,
    totalLines: contents.length,
    totalKnown: true,
    end,
    bytes: Buffer.byteLength(file.text, 'utf8'),
  };
}
