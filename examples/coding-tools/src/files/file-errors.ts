import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { closestName, ToolError } from '@toolwright/core';
import type { Workspace, WorkspacePath } from '../workspace/workspace';

/** The code of a Node.js file-system error, if it is one. */
export function errorCode(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | null | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * A `ToolError` for a failed file-system call on `target`: a missing path is `not_found` with a hint
 * (the closest name in its directory), a directory where a file was expected `invalid_arguments`,
 * an access refusal `permission_denied`. Anything else is returned as is (the runtime turns it into
 * `execution_failed` without showing the raw message, which would hold host paths).
 */
export async function fileError(
  error: unknown,
  target: WorkspacePath,
  workspace: Workspace,
  expected: 'file' | 'directory' = 'file',
): Promise<unknown> {
  switch (errorCode(error)) {
    case 'ENOENT':
    case 'ENOTDIR':
      return notFound(target, workspace, expected);
    case 'EISDIR':
      return ToolError.invalidArguments(
        `"${target.display}" is a directory, not a file. Use list_dir to see what it contains.`,
      );
    case 'EACCES':
    case 'EPERM':
      return ToolError.permissionDenied(`The operating system refused access to "${target.display}".`);
    default:
      return error;
  }
}

/** `not_found` for a missing file or directory, naming the closest existing name as a hint. */
export async function notFound(
  target: WorkspacePath,
  workspace: Workspace,
  expected: 'file' | 'directory' = 'file',
): Promise<ToolError> {
  const what = expected === 'file' ? 'File' : 'Directory';
  const hint = await closestExisting(target, workspace);
  return ToolError.notFound(
    `${what} "${target.display}" does not exist.${hint} Use glob or list_dir to find the right path.`,
  );
}

async function closestExisting(target: WorkspacePath, workspace: Workspace): Promise<string> {
  let directory = path.dirname(target.absolute);
  // Walk up to the nearest directory that exists (still inside the workspace).
  while (workspace.contains(directory)) {
    try {
      const names = await fs.readdir(directory);
      const guess = closestName(path.basename(target.absolute), names);
      if (guess !== undefined) return ` Did you mean "${workspace.display(path.join(directory, guess))}"?`;
      if (directory !== path.dirname(target.absolute)) {
        return ` The directory "${workspace.display(path.dirname(target.absolute))}" does not exist either.`;
      }
      return '';
    } catch {
      if (directory === workspace.root) return '';
      directory = path.dirname(directory);
    }
  }
  return '';
}

/** `invalid_arguments` for a path that is a device, socket or pipe rather than a file. */
export function notRegularFile(display: string): ToolError {
  return ToolError.invalidArguments(
    `"${display}" is not a regular file (it is a device, a socket or a pipe).`,
  );
}
