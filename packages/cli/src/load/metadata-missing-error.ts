import path from 'node:path';
import type { FinalizeProblem } from '@toolwright/registry';
import { findFilesWithoutMetadata } from './find-files-without-metadata';
import { ModuleLoadError } from './module-load-error';

// The words core uses when reflection sees nothing at all: what a build without metadata causes.
const NO_REFLECTION = /reflection gives undefined|reflection cannot see their types/;

/**
 * A `metadata_missing` error when `cause` (finalize problems, or an error thrown while loading)
 * shows reflection gaps with `undefined` and some loaded file applies decorators without emitting
 * decorator metadata; `undefined` otherwise (the problems are reported as they are).
 */
export function metadataMissingError(
  cause: unknown,
  loadedFiles: readonly string[],
  cwd: string = process.cwd(),
): ModuleLoadError | undefined {
  const gaps = reflectionGaps(cause);
  if (gaps.length === 0) return undefined;
  const files = findFilesWithoutMetadata(loadedFiles);
  if (files.length === 0) return undefined;
  const shown = gaps.slice(0, 6).map((gap) => `  - ${gap}`);
  if (gaps.length > shown.length) shown.push(`  - … and ${gaps.length - shown.length} more`);
  return new ModuleLoadError(
    'metadata_missing',
    'Decorator metadata is missing: the module was compiled without design:type / design:paramtypes, ' +
      'so reflection gives undefined where toolwright reads argument types.\n' +
      files
        .map((entry) => `  - ${path.relative(cwd, entry.file) || entry.file}: built by ${entry.builtBy}`)
        .join('\n') +
      `\nReflection gaps it causes:\n${shown.join('\n')}` +
      '\nesbuild, tsx, Vite/Vitest, Bun, Babel and swc (by default) do not emit decorator metadata, and tools that ' +
      'transpile each file alone (isolatedModules) cannot always know a type.' +
      '\nFix: build the module with tsc, with "experimentalDecorators": true and "emitDecoratorMetadata": true in its ' +
      'tsconfig.json (with swc: jsc.transform.legacyDecorator and jsc.transform.decoratorMetadata set to true); ' +
      'or give every @Param an explicit type, e.g. @Param({ type: () => String }).',
  );
}

function reflectionGaps(cause: unknown): string[] {
  const problems = Array.isArray(cause) ? cause : problemsOf(cause);
  const gaps: string[] = [];
  for (const problem of problems) {
    if (typeof problem !== 'object' || problem === null) continue;
    const { message, where } = problem as { message?: unknown; where?: unknown; code?: unknown };
    if (typeof message !== 'string' || !NO_REFLECTION.test(message)) continue;
    gaps.push(typeof where === 'string' ? `${where}: ${message}` : message);
  }
  return gaps;
}

function problemsOf(error: unknown): readonly (FinalizeProblem | Record<string, unknown>)[] {
  const problems = (error as { problems?: unknown } | undefined)?.problems;
  return Array.isArray(problems) ? problems : [];
}
