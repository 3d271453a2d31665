import { promises as fs, type Dirent } from 'node:fs';
import * as path from 'node:path';
import { ToolError } from '@toolwright/core';
import type { Workspace } from '../workspace/workspace';

/** Directories no search descends into: dependencies and version-control internals. */
export const SKIPPED_DIRECTORIES: ReadonlySet<string> = new Set(['node_modules', '.git', '.hg', '.svn']);
/** The most files one walk visits; a search over more stops with a marker. */
export const MAX_WALK_FILES = 50_000;

/** A file found by a walk. */
export interface WalkEntry {
  readonly absolute: string;
  /** Relative to the workspace root, `/`-separated. */
  readonly display: string;
  /** Relative to where the walk started, `/`-separated. */
  readonly relative: string;
}

/** Counts a walk keeps, read after it ends. */
export interface WalkStats {
  files: number;
  /** Whether the walk stopped at `MAX_WALK_FILES`. */
  truncated: boolean;
}

/** Options of `walkFiles`. */
export interface WalkOptions {
  readonly signal?: AbortSignal;
  readonly stats?: WalkStats;
}

/**
 * Every regular file under `start` (a real directory inside the workspace), in sorted order, depth
 * first. Symbolic links are not followed (no escapes, no cycles); `SKIPPED_DIRECTORIES` and
 * unreadable directories are skipped. Checks `signal` between directories.
 */
export async function* walkFiles(
  workspace: Workspace,
  start: string,
  options: WalkOptions = {},
): AsyncGenerator<WalkEntry> {
  const stats = options.stats ?? { files: 0, truncated: false };
  const pending: string[] = [''];
  while (pending.length > 0) {
    if (options.signal?.aborted) throw ToolError.cancelled('The search was cancelled.');
    const relativeDirectory = pending.pop()!;
    let entries: Dirent[];
    try {
      entries = await fs.readdir(path.join(start, relativeDirectory), { withFileTypes: true });
    } catch {
      continue;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const subdirectories: string[] = [];
    for (const entry of entries) {
      const relative = relativeDirectory === '' ? entry.name : `${relativeDirectory}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRECTORIES.has(entry.name)) subdirectories.push(relative);
      } else if (entry.isFile()) {
        if (stats.files >= MAX_WALK_FILES) {
          stats.truncated = true;
          return;
        }
        stats.files += 1;
        const absolute = path.join(start, ...relative.split('/'));
        yield { absolute, display: workspace.display(absolute), relative };
      }
    }
    // Reversed onto the stack, so directories are visited in sorted order.
    for (let index = subdirectories.length - 1; index >= 0; index--) pending.push(subdirectories[index]!);
  }
}
