import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { ToolError } from '@toolwright/core';
import { fileError } from '../files/file-errors';
import { compilePattern } from '../files/replace-pattern';
import { decodeText } from '../text/binary-content';
import { truncateLine } from '../text/truncate-line';
import type { Workspace } from '../workspace/workspace';
import { globToRegExp } from './glob-to-regexp';
import { MAX_WALK_FILES, walkFiles, type WalkEntry, type WalkStats } from './walk-files';

/** Matches returned when the caller gives no cap. */
export const DEFAULT_MAX_MATCHES = 100;
/** Files larger than this are not searched. */
export const MAX_SEARCHED_FILE_BYTES = 4 * 1024 * 1024;
/** Characters shown of a matching line. */
export const MAX_MATCH_LINE_CHARACTERS = 300;

/** What to search for and where. */
export interface SearchOptions {
  /** A JavaScript regular expression, matched against each line. */
  readonly pattern: string;
  /** A file or directory inside the workspace (default: the root). */
  readonly path?: string;
  /** Only files whose name (a glob without `/`) or relative path (a glob with `/`) matches. */
  readonly glob?: string;
  readonly ignoreCase?: boolean;
  /** Matching lines (`lines`) or matching files (`files`) to return at most. */
  readonly maxResults?: number;
  /** `lines`: every matching line; `files`: each matching file once. */
  readonly mode?: 'lines' | 'files';
  readonly signal?: AbortSignal;
}

/** One matching line. */
export interface SearchMatch {
  readonly path: string;
  readonly line: number;
  readonly text: string;
}

/** What a search found. */
export interface SearchResult {
  readonly pattern: string;
  readonly path: string;
  readonly matches: readonly SearchMatch[];
  /** The matching files, in the order found (each once). */
  readonly files: readonly string[];
  /** More matches exist than were returned. */
  readonly capped: boolean;
  readonly filesSearched: number;
  readonly skippedBinary: number;
  readonly skippedLarge: number;
  /** The walk stopped at its file limit. */
  readonly walkTruncated: boolean;
}

/**
 * Searches workspace files line by line for a regular expression, like `grep -rn`: skips binary
 * files, huge files, `node_modules` and version-control directories; stops at the result cap.
 */
export async function searchFiles(workspace: Workspace, options: SearchOptions): Promise<SearchResult> {
  const regex = compilePattern(options.pattern, options.ignoreCase === true ? 'i' : '');
  const filter = options.glob === undefined || options.glob === '' ? undefined : fileFilter(options.glob);
  const maxResults = options.maxResults ?? DEFAULT_MAX_MATCHES;
  const mode = options.mode ?? 'lines';
  const base = await workspace.resolve(options.path ?? '.');
  let entries: AsyncIterable<WalkEntry> | Iterable<WalkEntry>;
  const stats: WalkStats = { files: 0, truncated: false };
  try {
    const stat = await fs.stat(base.absolute);
    entries = stat.isDirectory()
      ? walkFiles(workspace, base.absolute, { signal: options.signal, stats })
      : [{ absolute: base.absolute, display: base.display, relative: path.basename(base.absolute) }];
  } catch (error) {
    throw await fileError(error, base, workspace, 'directory');
  }

  const matches: SearchMatch[] = [];
  const files: string[] = [];
  let capped = false;
  let searched = 0;
  let skippedBinary = 0;
  let skippedLarge = 0;
  search: for await (const entry of entries) {
    if (filter !== undefined && !filter(entry.relative)) continue;
    if (options.signal?.aborted) throw ToolError.cancelled('The search was cancelled.');
    let buffer: Buffer;
    try {
      const stat = await fs.stat(entry.absolute);
      if (stat.size > MAX_SEARCHED_FILE_BYTES) {
        skippedLarge += 1;
        continue;
      }
      buffer = await fs.readFile(entry.absolute);
    } catch {
      continue;
    }
    searched += 1;
    const decoded = decodeText(buffer);
    if ('binary' in decoded) {
      skippedBinary += 1;
      continue;
    }
    const lines = decoded.text.split('\n');
    for (let index = 0; index < lines.length; index++) {
      const line = lines[index]!.replace(/\r$/, '');
      if (!regex.test(line)) continue;
      const limitReached = mode === 'files' ? files.length >= maxResults : matches.length >= maxResults;
      if (limitReached) {
        capped = true;
        break search;
      }
      if (files[files.length - 1] !== entry.display) files.push(entry.display);
      if (mode === 'files') continue search;
      matches.push({
        path: entry.display,
        line: index + 1,
        text: truncateLine(line, MAX_MATCH_LINE_CHARACTERS),
      });
    }
  }
  return {
    pattern: options.pattern,
    path: base.display,
    matches,
    files,
    capped,
    filesSearched: searched,
    skippedBinary,
    skippedLarge,
    walkTruncated: stats.truncated,
  };
}

/** A search result as `path:line: text` lines, with markers for the cap and what was skipped. */
export function renderSearchResult(result: SearchResult, mode: 'lines' | 'files' = 'lines'): string {
  const found = mode === 'files' ? result.files.length : result.matches.length;
  const notes: string[] = [];
  if (result.capped) {
    notes.push(
      `[Results capped at ${found} ${mode === 'files' ? 'files' : 'matches'}; there are more. Narrow the pattern, the path or the glob.]`,
    );
  }
  if (result.walkTruncated)
    notes.push(`[The search stopped after ${MAX_WALK_FILES} files; search a smaller directory.]`);
  const skipped: string[] = [];
  if (result.skippedBinary > 0) skipped.push(`${result.skippedBinary} binary`);
  if (result.skippedLarge > 0) skipped.push(`${result.skippedLarge} larger than 4 MiB`);
  if (skipped.length > 0) notes.push(`[Skipped files: ${skipped.join(', ')}.]`);
  if (found === 0) {
    const where = result.path === '.' ? 'the workspace' : `"${result.path}"`;
    return [
      `No matches for /${result.pattern}/ in ${where} (${result.filesSearched} files searched).`,
      ...notes,
    ].join('\n');
  }
  const body =
    mode === 'files'
      ? result.files.join('\n')
      : result.matches.map((match) => `${match.path}:${match.line}: ${match.text}`).join('\n');
  return notes.length === 0 ? body : `${body}\n\n${notes.join('\n')}`;
}

/** A glob filter: a glob without `/` tests the file name at any depth, one with `/` the relative path. */
export function fileFilter(glob: string): (relative: string) => boolean {
  const regex = globToRegExp(glob.replace(/^\.\//, ''));
  if (!glob.includes('/')) return (relative) => regex.test(relative.slice(relative.lastIndexOf('/') + 1));
  return (relative) => regex.test(relative);
}
