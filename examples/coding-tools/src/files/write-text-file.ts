import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { ToolError } from '@toolwright/core';
import { formatBytes } from '../text/format-bytes';
import type { Workspace } from '../workspace/workspace';
import { errorCode, fileError } from './file-errors';
import { writeFileAtomic } from './write-file-atomic';

/** What a write did. */
export interface WriteResult {
  readonly path: string;
  /** Whether the file was new (else it was overwritten). */
  readonly created: boolean;
  readonly bytes: number;
  readonly lines: number;
}

/** Writes a whole text file inside the workspace, creating missing parent directories; atomic. */
export async function writeTextFile(
  workspace: Workspace,
  requested: string,
  content: string,
): Promise<WriteResult> {
  const target = await workspace.resolve(requested);
  if (target.display === '.')
    throw ToolError.invalidArguments('The path names the workspace root; give a file path.');
  let created = true;
  let mode: number | undefined;
  try {
    const stat = await fs.stat(target.absolute);
    if (stat.isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
    created = false;
    mode = stat.mode & 0o7777;
  } catch (error) {
    if (errorCode(error) === 'ENOTDIR') throw parentIsFile(target.display);
    if (errorCode(error) !== 'ENOENT') throw await fileError(error, target, workspace);
  }
  try {
    await fs.mkdir(path.dirname(target.absolute), { recursive: true });
    await writeFileAtomic(target.absolute, content, mode);
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ENOTDIR' || code === 'EEXIST') throw parentIsFile(target.display);
    throw await fileError(error, target, workspace);
  }
  return {
    path: target.display,
    created,
    bytes: Buffer.byteLength(content, 'utf8'),
    lines: content === '' ? 0 : content.split('\n').length - (content.endsWith('\n') ? 1 : 0),
  };
}

/** One line for the model: `Created src/a.ts (3 lines, 42 bytes).` */
export function describeWrite(result: WriteResult): string {
  const verb = result.created ? 'Created' : 'Overwrote';
  return `${verb} ${result.path} (${result.lines} line${result.lines === 1 ? '' : 's'}, ${formatBytes(result.bytes)}).`;
}

function parentIsFile(display: string): ToolError {
  return ToolError.invalidArguments(`A parent of "${display}" is a file, not a directory.`);
}
