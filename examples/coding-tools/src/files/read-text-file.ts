import { promises as fs } from 'node:fs';
import { ToolError } from '@toolwright/core';
import { decodeText } from '../text/binary-content';
import { formatBytes } from '../text/format-bytes';
import type { Workspace, WorkspacePath } from '../workspace/workspace';
import { fileError, notRegularFile } from './file-errors';

/** The largest file the editing tools load whole. */
export const MAX_EDIT_BYTES = 8 * 1024 * 1024;

/** A whole text file loaded for editing, with what is needed to write it back. */
export interface LoadedText {
  readonly target: WorkspacePath;
  readonly text: string;
  readonly mode: number;
}

/** Loads a whole workspace text file for editing; refuses directories, binary files and huge files. */
export async function readTextFile(workspace: Workspace, requested: string): Promise<LoadedText> {
  const target = await workspace.resolve(requested);
  let buffer: Buffer;
  let mode: number;
  try {
    const stat = await fs.stat(target.absolute);
    if (stat.isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
    if (!stat.isFile()) throw notRegularFile(target.display);
    if (stat.size > MAX_EDIT_BYTES) {
      throw ToolError.payloadTooLarge(
        `"${target.display}" is ${formatBytes(stat.size)}; this tool edits files up to ${formatBytes(MAX_EDIT_BYTES)}. Use the shell (for example sed) for files this large.`,
      );
    }
    mode = stat.mode & 0o7777;
    buffer = await fs.readFile(target.absolute);
  } catch (error) {
    throw ToolError.is(error) ? error : await fileError(error, target, workspace);
  }
  const decoded = decodeText(buffer);
  if ('binary' in decoded) {
    throw ToolError.invalidArguments(
      `"${target.display}" is a binary file (${decoded.binary}); it cannot be edited as text.`,
    );
  }
  return { target, text: decoded.text, mode };
}

/** The 1-based line of a character index. */
export function lineOf(text: string, index: number): number {
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < index; at = text.indexOf('\n', at + 1)) line += 1;
  return line;
}

/** `4`, `4 and 9`, `4, 9 and 20`, `4, 9, 20 and 3 more`. */
export function listLines(lines: readonly number[], total: number): string {
  const shown = lines.slice(0, 5).map(String);
  if (total > shown.length) shown.push(`${total - shown.length} more`);
  if (shown.length <= 1) return shown.join('');
  return `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
}
