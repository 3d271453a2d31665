import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ModuleLoadError } from './module-load-error';

const TYPESCRIPT = /\.(ts|mts|cts|tsx)$/;
const DECLARATION = /\.d\.(ts|mts|cts)$/;
const EXTENSIONS = ['.js', '.cjs', '.mjs'];

/**
 * The JavaScript file `specifier` names, resolved against `cwd`: a file (extension optional), a
 * package directory (its `package.json` `main`, else `dist/index.js`, else `index.js`), or an
 * installed package name. Throws a `ModuleLoadError` saying what was looked for.
 */
export function resolveModuleFile(specifier: string, cwd: string): string {
  const absolute = path.resolve(cwd, specifier);
  if (TYPESCRIPT.test(absolute) && !DECLARATION.test(absolute))
    throw typescriptSource(specifier, absolute, cwd);
  if (existsSync(absolute) && statSync(absolute).isDirectory())
    return resolveDirectory(specifier, absolute, cwd);
  const file = withExtension(absolute);
  if (file !== undefined) return file;
  if (!specifier.startsWith('.') && !path.isAbsolute(specifier)) {
    const installed = resolveInstalled(specifier, cwd);
    if (installed !== undefined) return installed;
  }
  throw new ModuleLoadError(
    'module_not_found',
    `Cannot find the module ${JSON.stringify(specifier)}: ${absolute} does not exist` +
      ` (also tried ${EXTENSIONS.map((extension) => path.basename(absolute) + extension).join(', ')}).` +
      '\nGive the path of a compiled JavaScript file or of a package directory, relative to the current directory.',
  );
}

function resolveDirectory(specifier: string, directory: string, cwd: string): string {
  const manifestPath = path.join(directory, 'package.json');
  const tried: string[] = [];
  if (existsSync(manifestPath)) {
    const entry = packageEntry(manifestPath);
    if (entry !== undefined) {
      const target = path.resolve(directory, entry);
      const file = withExtension(target) ?? withExtension(path.join(target, 'index'));
      if (file !== undefined) return file;
      throw new ModuleLoadError(
        'module_not_found',
        `Cannot load the package ${JSON.stringify(specifier)}: its package.json names ${JSON.stringify(entry)} as its entry, ` +
          `but ${target} does not exist.` +
          `\nBuild the package first (for example: npx tsc -b ${path.relative(cwd, directory) || '.'}).`,
      );
    }
    tried.push('package.json "main"');
  }
  for (const candidate of ['dist/index.js', 'index.js']) {
    const file = path.join(directory, candidate);
    if (existsSync(file)) return file;
    tried.push(candidate);
  }
  const source = ['src/index.ts', 'index.ts'].find((candidate) =>
    existsSync(path.join(directory, candidate)),
  );
  throw new ModuleLoadError(
    'module_not_found',
    `Cannot load the directory ${JSON.stringify(specifier)} (${directory}): found no entry point (tried ${tried.join(', ')}).` +
      (source === undefined
        ? '\nGive a package directory with a package.json "main", or the path of a compiled JavaScript file.'
        : `\nIt has ${source} but no build output: build it first (npx tsc -b), then point at the package directory.`),
  );
}

function packageEntry(manifestPath: string): string | undefined {
  let manifest: Record<string, unknown>;
  try {
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, unknown>;
  } catch (error) {
    throw new ModuleLoadError(
      'module_not_found',
      `Cannot read ${manifestPath}: ${error instanceof Error ? error.message : String(error)}.`,
    );
  }
  if (typeof manifest['main'] === 'string' && manifest['main'] !== '') return manifest['main'];
  const exported = manifest['exports'];
  const root =
    typeof exported === 'object' && exported !== null && '.' in exported
      ? (exported as Record<string, unknown>)['.']
      : exported;
  if (typeof root === 'string') return root;
  if (typeof root === 'object' && root !== null) {
    const conditions = root as Record<string, unknown>;
    for (const condition of ['require', 'node', 'default']) {
      if (typeof conditions[condition] === 'string') return conditions[condition];
    }
  }
  return undefined;
}

function withExtension(file: string): string | undefined {
  if (existsSync(file) && statSync(file).isFile()) return file;
  for (const extension of EXTENSIONS) {
    if (existsSync(file + extension)) return file + extension;
  }
  return undefined;
}

function resolveInstalled(specifier: string, cwd: string): string | undefined {
  try {
    return require.resolve(specifier, { paths: [cwd] });
  } catch {
    return undefined;
  }
}

function typescriptSource(specifier: string, file: string, cwd: string): ModuleLoadError {
  const built = builtOutputOf(file);
  return new ModuleLoadError(
    'typescript_source',
    `${JSON.stringify(specifier)} is a TypeScript source file; toolwright loads compiled JavaScript, because tools ` +
      'need the decorator metadata (design:type) that only the TypeScript compiler emits.' +
      (built === undefined
        ? '\nBuild it first with tsc (experimentalDecorators and emitDecoratorMetadata on), then give the compiled .js file or the package directory.'
        : `\nBuild it first (npx tsc -b ${path.relative(cwd, built.project) || '.'}), then give ${path.relative(cwd, built.output)}` +
          `${existsSync(built.output) ? ' (it exists; it may be stale)' : ''} or the package directory.`),
  );
}

/** Where tsc would write `file`, from the nearest tsconfig.json's rootDir and outDir (a best guess). */
function builtOutputOf(file: string): { readonly project: string; readonly output: string } | undefined {
  let directory = path.dirname(file);
  for (;;) {
    const config = path.join(directory, 'tsconfig.json');
    if (existsSync(config)) {
      const text = readFileSync(config, 'utf8');
      const outDir = /"outDir"\s*:\s*"([^"]+)"/.exec(text)?.[1];
      const rootDir = /"rootDir"\s*:\s*"([^"]+)"/.exec(text)?.[1] ?? '.';
      if (outDir === undefined) return undefined;
      const relative = path
        .relative(path.resolve(directory, rootDir), file)
        .replace(/\.(m|c)?tsx?$/, (_, kind: string | undefined) => `.${kind ?? ''}js`);
      if (relative.startsWith('..')) return undefined;
      return { project: directory, output: path.join(path.resolve(directory, outDir), relative) };
    }
    const parent = path.dirname(directory);
    if (parent === directory) return undefined;
    directory = parent;
  }
}
