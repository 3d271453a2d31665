import { readFileSync } from 'node:fs';

/** A loaded file with decorators applied but no decorator metadata, and the tool that likely built it. */
export interface FileWithoutMetadata {
  readonly file: string;
  /** e.g. `esbuild (__decorateClass)`. */
  readonly builtBy: string;
}

// How each compiler applies legacy (experimentalDecorators) decorators in its output.
const DECORATOR_HELPERS: readonly (readonly [RegExp, string])[] = [
  [
    /\b__decorateClass\s*\(/,
    'esbuild, or a tool built on it such as tsx, Vite or Vitest (__decorateClass helper)',
  ],
  [/\b__legacyDecorateClassTS\s*\(/, 'Bun (__legacyDecorateClassTS helper)'],
  [/\b_ts_decorate\s*\(/, 'swc without jsc.transform.decoratorMetadata (_ts_decorate helper)'],
  [
    /\b_applyDecoratedDescriptor\s*\(|\b_decorate\s*\(/,
    'Babel without babel-plugin-transform-typescript-metadata',
  ],
  [/\b__decorate\)?\s*\(/, 'tsc with emitDecoratorMetadata off (__decorate without __metadata)'],
  [/\bReflect\.decorate\s*\(/, 'decorators applied with Reflect.decorate, without metadata'],
];

const METADATA = /design:(type|paramtypes)/;

/** The files among `files` that apply decorators but carry no `design:type` / `design:paramtypes` metadata. */
export function findFilesWithoutMetadata(files: readonly string[]): FileWithoutMetadata[] {
  const found: FileWithoutMetadata[] = [];
  for (const file of files) {
    if (!/\.(c|m)?js$/.test(file)) continue;
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    if (METADATA.test(text)) continue;
    const helper = DECORATOR_HELPERS.find(([pattern]) => pattern.test(text));
    if (helper !== undefined) found.push({ file, builtBy: helper[1] });
  }
  return found;
}
