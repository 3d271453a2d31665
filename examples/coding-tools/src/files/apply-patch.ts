import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { ToolError } from '@toolwright/core';
import type { Workspace, WorkspacePath } from '../workspace/workspace';
import { errorCode, fileError, notFound } from './file-errors';
import { parsePatch, type PatchChunk } from './parse-patch';
import { readTextFile } from './read-text-file';
import { writeFileAtomic } from './write-file-atomic';

/** What a patch changed, by workspace path. */
export interface PatchResult {
  readonly added: readonly string[];
  readonly modified: readonly string[];
  readonly deleted: readonly string[];
}

type PlannedChange =
  | {
      readonly type: 'write';
      readonly target: WorkspacePath;
      readonly content: string;
      readonly mode?: number;
    }
  | { readonly type: 'delete'; readonly target: WorkspacePath };

/**
 * Applies a patch in codex's format to the workspace, all or nothing: every hunk is parsed, every
 * path resolved inside the workspace and every chunk located before anything is written. A chunk
 * whose context is not in the file is a `conflict` (read the file again).
 */
export async function applyPatch(workspace: Workspace, input: string): Promise<PatchResult> {
  const hunks = parsePatch(input);
  const plan: PlannedChange[] = [];
  const added: string[] = [];
  const modified: string[] = [];
  const deleted: string[] = [];
  for (const hunk of hunks) {
    if (hunk.type === 'add') {
      const target = await workspace.resolve(hunk.path);
      if (await exists(target.absolute)) {
        throw ToolError.conflict(
          `"${target.display}" already exists; change it with "*** Update File:" instead.`,
        );
      }
      plan.push({ type: 'write', target, content: hunk.content });
      added.push(target.display);
    } else if (hunk.type === 'delete') {
      const target = await workspace.resolve(hunk.path);
      if (!(await exists(target.absolute))) throw await notFound(target, workspace);
      plan.push({ type: 'delete', target });
      deleted.push(target.display);
    } else {
      const file = await readTextFile(workspace, hunk.path);
      const content = applyChunks(file.text, hunk.chunks, file.target.display);
      if (hunk.moveTo !== undefined) {
        const destination = await workspace.resolve(hunk.moveTo);
        plan.push({ type: 'write', target: destination, content, mode: file.mode });
        plan.push({ type: 'delete', target: file.target });
        modified.push(destination.display);
      } else {
        plan.push({ type: 'write', target: file.target, content, mode: file.mode });
        modified.push(file.target.display);
      }
    }
  }
  for (const change of plan) {
    try {
      if (change.type === 'delete') await fs.rm(change.target.absolute);
      else {
        await fs.mkdir(path.dirname(change.target.absolute), { recursive: true });
        await writeFileAtomic(change.target.absolute, change.content, change.mode);
      }
    } catch (error) {
      throw await fileError(error, change.target, workspace);
    }
  }
  return { added, modified, deleted };
}

/** codex's answer: `Success. Updated the following files:` and one `A`/`M`/`D` line per file. */
export function describePatch(result: PatchResult): string {
  const lines = [
    ...result.added.map((file) => `A ${file}`),
    ...result.modified.map((file) => `M ${file}`),
    ...result.deleted.map((file) => `D ${file}`),
  ];
  return `Success. Updated the following files:\n${lines.join('\n')}`;
}

/** The file's new text after every chunk, located in order; `conflict` when one is not found. */
export function applyChunks(text: string, chunks: readonly PatchChunk[], display: string): string {
  const crlf = text.includes('\r\n');
  const lines = (crlf ? text.replace(/\r\n/g, '\n') : text).split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  let cursor = 0;
  for (const chunk of chunks) {
    if (chunk.header !== '') {
      const at = seek(lines, [chunk.header], cursor, false);
      if (at === -1) throw missing(display, [chunk.header]);
      cursor = at + 1;
    }
    if (chunk.oldLines.length === 0) {
      const at = chunk.header === '' ? lines.length : cursor;
      lines.splice(at, 0, ...chunk.newLines);
      cursor = at + chunk.newLines.length;
      continue;
    }
    let oldLines = chunk.oldLines;
    let newLines = chunk.newLines;
    let at = seek(lines, oldLines, cursor, chunk.endOfFile);
    // A trailing empty context line often stands for the end of the file.
    if (at === -1 && oldLines[oldLines.length - 1] === '') {
      oldLines = oldLines.slice(0, -1);
      newLines = newLines[newLines.length - 1] === '' ? newLines.slice(0, -1) : newLines;
      at = seek(lines, oldLines, cursor, chunk.endOfFile);
    }
    if (at === -1) throw missing(display, chunk.oldLines);
    lines.splice(at, oldLines.length, ...newLines);
    cursor = at + newLines.length;
  }
  const joined = `${lines.join('\n')}\n`;
  return crlf ? joined.replace(/\n/g, '\r\n') : joined;
}

// Exact first, then ignoring trailing whitespace, then ignoring surrounding whitespace (as codex does).
function seek(
  lines: readonly string[],
  pattern: readonly string[],
  from: number,
  endOfFile: boolean,
): number {
  const comparisons: ((a: string, b: string) => boolean)[] = [
    (a, b) => a === b,
    (a, b) => a.trimEnd() === b.trimEnd(),
    (a, b) => a.trim() === b.trim(),
  ];
  for (const same of comparisons) {
    const start = endOfFile ? Math.max(from, lines.length - pattern.length) : from;
    for (let at = start; at + pattern.length <= lines.length; at++) {
      if (pattern.every((line, offset) => same(lines[at + offset]!, line))) return at;
    }
  }
  return -1;
}

function missing(display: string, expected: readonly string[]): ToolError {
  const preview = expected.slice(0, 3).join('\n');
  return ToolError.conflict(
    `Could not find these lines in "${display}":\n${preview}${expected.length > 3 ? '\n…' : ''}\nThe file may have changed: read it again and rebuild the patch from its current content.`,
  );
}

async function exists(absolute: string): Promise<boolean> {
  try {
    await fs.lstat(absolute);
    return true;
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return false;
    throw error;
  }
}
