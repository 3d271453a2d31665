import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FinalizeProblem } from '@toolwright/registry';

/** Where in the user's source a problem points: a file relative to the working directory, and a 1-based line. */
export interface SourceLocation {
  readonly file: string;
  readonly line: number;
}

interface SourceText {
  readonly file: string;
  readonly lines: readonly string[];
}

/**
 * Finds where problems point, in the files the module loaded: the TypeScript source when a source map
 * names it (the compiled JavaScript otherwise). A problem is placed at the class it names first
 * (`Grep (grep) needs …`, `EditArgs.edits: …`), else at the `name: '<tool>'` of its tool; `undefined`
 * when neither is found.
 */
export function problemLocator(
  loadedFiles: readonly string[],
  cwd: string,
): (problem: FinalizeProblem) => SourceLocation | undefined {
  let sources: SourceText[] | undefined;
  const cache = new Map<string, SourceLocation | undefined>();
  const find = (pattern: RegExp): SourceLocation | undefined => {
    sources ??= readSources(loadedFiles);
    for (const source of sources) {
      const index = source.lines.findIndex((line) => pattern.test(line));
      if (index >= 0) return { file: path.relative(cwd, source.file) || source.file, line: index + 1 };
    }
    return undefined;
  };
  return (problem) => {
    const className =
      /^(?:Params|State)<([A-Za-z0-9_$]+)>/.exec(problem.message)?.[1] ??
      /^([A-Z][A-Za-z0-9_$]*)(?=[.( :]|$)/.exec(problem.message)?.[1];
    const key = `${className ?? ''}\n${problem.tool ?? ''}`;
    if (cache.has(key)) return cache.get(key);
    let found: SourceLocation | undefined;
    if (className !== undefined) found = find(new RegExp(`\\bclass ${escape(className)}\\b`));
    if (found === undefined && problem.tool !== undefined) {
      found = find(new RegExp(`\\bname:\\s*['"\`]${escape(problem.tool)}['"\`]`));
    }
    cache.set(key, found);
    return found;
  };
}

function readSources(loadedFiles: readonly string[]): SourceText[] {
  const sources: SourceText[] = [];
  for (const file of loadedFiles) {
    if (file.includes(`${path.sep}node_modules${path.sep}`) || !/\.[cm]?js$/.test(file)) continue;
    const original = originalSource(file);
    const chosen = original ?? file;
    try {
      sources.push({ file: chosen, lines: readFileSync(chosen, 'utf8').split('\n') });
    } catch {
      // A file that cannot be read is not a place to point at.
    }
  }
  return sources;
}

// The TypeScript file a compiled file came from, when its source map says so and it exists.
function originalSource(file: string): string | undefined {
  const map = `${file}.map`;
  if (!existsSync(map)) return undefined;
  try {
    const parsed = JSON.parse(readFileSync(map, 'utf8')) as { sources?: unknown; sourceRoot?: unknown };
    const first = Array.isArray(parsed.sources) ? parsed.sources[0] : undefined;
    if (typeof first !== 'string') return undefined;
    const root = typeof parsed.sourceRoot === 'string' ? parsed.sourceRoot : '';
    const resolved = path.resolve(path.dirname(file), root, first);
    return existsSync(resolved) ? resolved : undefined;
  } catch {
    return undefined;
  }
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
