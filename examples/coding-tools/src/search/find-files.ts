import { promises as fs } from 'node:fs';
import { ToolError } from '@toolwright/core';
import { fileError } from '../files/file-errors';
import type { Workspace } from '../workspace/workspace';
import { globToRegExp, hasGlobSyntax } from './glob-to-regexp';
import { MAX_WALK_FILES, walkFiles, type WalkStats } from './walk-files';

/** Paths returned when the caller gives no cap. */
export const DEFAULT_MAX_PATHS = 500;

/** What `findFiles` found. */
export interface FoundFiles {
  readonly pattern: string;
  /** Matching files relative to the workspace root, sorted. */
  readonly paths: readonly string[];
  /** All matches, including those past the cap. */
  readonly total: number;
  readonly walkTruncated: boolean;
}

/**
 * The workspace files matching a glob (relative to `base`, default the root), sorted; at most
 * `maxResults`, with the total counted. The literal leading directories of the pattern narrow the
 * walk (`src/**\/*.ts` walks `src` only).
 */
export async function findFiles(
  workspace: Workspace,
  pattern: string,
  options: { base?: string; maxResults?: number; signal?: AbortSignal } = {},
): Promise<FoundFiles> {
  const cleaned = pattern.trim().replace(/^\.\//, '');
  if (cleaned === '') throw ToolError.invalidArguments('The pattern is empty; try "**/*.ts".');
  if (cleaned.startsWith('/')) {
    throw ToolError.invalidArguments(
      'The pattern must be relative to the workspace (or to path), such as "src/**/*.ts".',
    );
  }
  const segments = cleaned.split('/');
  if (segments.includes('..'))
    throw ToolError.permissionDenied(
      'The pattern must not contain ".." segments; it would leave the workspace.',
    );
  let prefix = 0;
  while (prefix < segments.length - 1 && !hasGlobSyntax(segments[prefix]!)) prefix++;
  const literal = segments.slice(0, prefix).join('/');
  const rest = segments.slice(prefix).join('/');
  const base = await workspace.resolve(options.base ?? '.');
  const start = await workspace.resolve(
    literal === '' ? (options.base ?? '.') : `${base.absolute}/${literal}`,
  );
  try {
    if (!(await fs.stat(start.absolute)).isDirectory())
      return { pattern, paths: [], total: 0, walkTruncated: false };
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    if (missing && literal !== '') return { pattern, paths: [], total: 0, walkTruncated: false };
    throw await fileError(error, start, workspace, 'directory');
  }
  const regex = globToRegExp(rest);
  const maxResults = options.maxResults ?? DEFAULT_MAX_PATHS;
  const stats: WalkStats = { files: 0, truncated: false };
  const paths: string[] = [];
  let total = 0;
  for await (const entry of walkFiles(workspace, start.absolute, { signal: options.signal, stats })) {
    if (!regex.test(entry.relative)) continue;
    total += 1;
    if (paths.length < maxResults) paths.push(entry.display);
  }
  paths.sort();
  return { pattern, paths, total, walkTruncated: stats.truncated };
}

/** The paths, one a line, with a marker when capped. */
export function renderFoundFiles(found: FoundFiles): string {
  if (found.total === 0) return `No files match ${JSON.stringify(found.pattern)}.`;
  const notes: string[] = [];
  if (found.total > found.paths.length) {
    notes.push(
      `[Showing ${found.paths.length} of ${found.total} matching files; narrow the pattern to see the rest.]`,
    );
  }
  if (found.walkTruncated)
    notes.push(`[The search stopped after ${MAX_WALK_FILES} files; use a narrower pattern or path.]`);
  return notes.length === 0 ? found.paths.join('\n') : `${found.paths.join('\n')}\n\n${notes.join('\n')}`;
}
