import { promises as fs, type Dirent } from 'node:fs';
import * as path from 'node:path';
import { ToolError } from '@toolwright/core';
import { globToRegExp } from '../search/glob-to-regexp';
import { SKIPPED_DIRECTORIES } from '../search/walk-files';
import { formatBytes } from '../text/format-bytes';
import type { Workspace } from '../workspace/workspace';
import { fileError } from './file-errors';

/** Entries one listing returns when the caller gives no cap. */
export const DEFAULT_MAX_ENTRIES = 1000;

/** What a directory entry is. */
export type EntryType = 'file' | 'directory' | 'symlink' | 'other';

/** One entry of a listing. */
export interface DirectoryEntry {
  /** Relative to the listed directory, `/`-separated. */
  readonly path: string;
  readonly type: EntryType;
  /** Size in bytes, for files. */
  readonly size?: number;
  /** 1 for the listed directory's own entries. */
  readonly depth: number;
}

/** A directory listing. */
export interface DirectoryListing {
  readonly path: string;
  readonly entries: readonly DirectoryEntry[];
  /** More entries exist than were returned. */
  readonly truncated: boolean;
}

/** Options of `listDirectory`. */
export interface ListOptions {
  /** Levels to descend (1: the directory's own entries). */
  readonly depth?: number;
  readonly maxEntries?: number;
  /** Entries whose name matches one of these globs are left out. */
  readonly ignore?: readonly string[];
  /** Skip this many entries first (paging). */
  readonly offset?: number;
  readonly signal?: AbortSignal;
}

/**
 * Lists a workspace directory: directories first, then files, each sorted by name, with type and
 * size; descends `depth` levels (never into symbolic links, `node_modules` or `.git`).
 */
export async function listDirectory(
  workspace: Workspace,
  requested: string,
  options: ListOptions = {},
): Promise<DirectoryListing> {
  const target = await workspace.resolve(requested);
  const maxDepth = options.depth ?? 1;
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const skip = options.offset ?? 0;
  const ignore = (options.ignore ?? []).map((glob) => globToRegExp(glob));
  try {
    const stat = await fs.stat(target.absolute);
    if (!stat.isDirectory()) {
      throw ToolError.invalidArguments(
        `"${target.display}" is a file, not a directory. Use read_file to read it.`,
      );
    }
  } catch (error) {
    throw ToolError.is(error) ? error : await fileError(error, target, workspace, 'directory');
  }
  const entries: DirectoryEntry[] = [];
  let seen = 0;
  let truncated = false;
  const visit = async (relative: string, depth: number): Promise<boolean> => {
    if (options.signal?.aborted) throw ToolError.cancelled('The listing was cancelled.');
    let dirents: Dirent[];
    try {
      dirents = await fs.readdir(path.join(target.absolute, relative), { withFileTypes: true });
    } catch (error) {
      if (depth === 1) throw await fileError(error, target, workspace, 'directory');
      return true;
    }
    dirents = dirents.filter((dirent) => !ignore.some((regex) => regex.test(dirent.name)));
    dirents.sort((a, b) => Number(b.isDirectory()) - Number(a.isDirectory()) || compare(a.name, b.name));
    for (const dirent of dirents) {
      const entryPath = relative === '' ? dirent.name : `${relative}/${dirent.name}`;
      const type: EntryType = dirent.isDirectory()
        ? 'directory'
        : dirent.isFile()
          ? 'file'
          : dirent.isSymbolicLink()
            ? 'symlink'
            : 'other';
      seen += 1;
      if (seen > skip) {
        if (entries.length >= maxEntries) {
          truncated = true;
          return false;
        }
        let size: number | undefined;
        if (type === 'file')
          size = await fs.stat(path.join(target.absolute, entryPath)).then(
            (s) => s.size,
            () => undefined,
          );
        entries.push({ path: entryPath, type, depth, ...(size === undefined ? {} : { size }) });
      }
      if (type === 'directory' && depth < maxDepth && !SKIPPED_DIRECTORIES.has(dirent.name)) {
        if (!(await visit(entryPath, depth + 1))) return false;
      }
    }
    return true;
  };
  await visit('', 1);
  return { path: target.display, entries, truncated };
}

/** A listing as an indented tree: `name/` for directories, `name  (size)` for files. */
export function renderListing(listing: DirectoryListing): string {
  const header = `${listing.path === '.' ? 'Workspace root' : `${listing.path}/`} (${listing.entries.length} entr${listing.entries.length === 1 ? 'y' : 'ies'}${listing.truncated ? ' shown' : ''})`;
  if (listing.entries.length === 0) return `${header}\n  (empty directory)`;
  const lines = listing.entries.map((entry) => {
    const indent = '  '.repeat(entry.depth);
    const name = entry.path.slice(entry.path.lastIndexOf('/') + 1);
    switch (entry.type) {
      case 'directory':
        return `${indent}${name}/`;
      case 'file':
        return `${indent}${name}  (${formatBytes(entry.size ?? 0)})`;
      case 'symlink':
        return `${indent}${name}  (symbolic link)`;
      default:
        return `${indent}${name}  (special file)`;
    }
  });
  const marker = listing.truncated
    ? `\n\n[Listing capped at ${listing.entries.length} entries; list a subdirectory or use glob.]`
    : '';
  return `${header}\n${lines.join('\n')}${marker}`;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
