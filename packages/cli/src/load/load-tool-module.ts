import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ToolRegistry, ToolServerHandle } from '@toolwright/registry';
import { describeValue, isClass } from './describe-value';
import type { LoadedToolModule } from './loaded-tool-module';
import { metadataMissingError } from './metadata-missing-error';
import { ModuleLoadError } from './module-load-error';
import { isFinalizeError, isToolRegistry, isToolServerHandle } from './registry-shape';
import { resolveModuleFile } from './resolve-module-file';

/** Options of `loadToolModule`. */
export interface LoadToolModuleOptions {
  /** The directory a relative specifier is resolved against. */
  readonly cwd: string;
  /** Take this export instead of `default` / `registry`. */
  readonly exportName?: string;
}

type Found = { readonly registry: ToolRegistry } | { readonly handle: ToolServerHandle };

/**
 * Loads the module `specifier` names (a file or a package directory, relative to `cwd`) and takes
 * its tool registry: the default export, else an export named `registry`, else `module.exports`
 * itself — a `ToolRegistry`, a finalized handle, or a function returning either (possibly async).
 * Every way this can fail is a `ModuleLoadError` with its own code and message.
 */
export async function loadToolModule(
  specifier: string,
  options: LoadToolModuleOptions,
): Promise<LoadedToolModule> {
  const file = resolveModuleFile(specifier, options.cwd);
  const before = new Set(Object.keys(require.cache));
  const loadedFiles = (): string[] =>
    Object.keys(require.cache).filter((key) => !before.has(key) && !isOwnFile(key));
  let exported: unknown;
  try {
    exported = await importFile(file);
  } catch (error) {
    // `export default registry.finalize()` that found problems: the registry's report, not a load error.
    const finalizeError = finalizeErrorOf(error);
    if (finalizeError !== undefined) {
      return { file, source: 'registry.finalize()', finalizeError, loadedFiles: loadedFiles() };
    }
    throw metadataMissingError(error, loadedFiles(), options.cwd) ?? importFailed(file, error, options.cwd);
  }
  const candidates = candidatesOf(exported, options.exportName);
  const seen: string[] = [];
  for (const [name, value] of candidates) {
    if (value === undefined) continue;
    let found: Found | undefined;
    try {
      found = await take(name, value);
    } catch (error) {
      if (error instanceof ModuleLoadError) throw error;
      const finalizeError = finalizeErrorOf(error);
      if (finalizeError !== undefined) {
        return { file, source: `${name}()`, finalizeError, loadedFiles: loadedFiles() };
      }
      throw metadataMissingError(error, loadedFiles(), options.cwd) ?? factoryFailed(file, name, error);
    }
    if (found !== undefined) {
      const source = typeof value === 'function' ? `${name}()` : name;
      return { file, source, ...found, loadedFiles: loadedFiles() };
    }
    seen.push(`${name} (${describeValue(value)})`);
  }
  throw noRegistryExport(file, exported, options.exportName, seen, options.cwd);
}

async function importFile(file: string): Promise<unknown> {
  if (file.endsWith('.mjs')) return import(pathToFileURL(file).href);
  try {
    // require, not import(): the module must share this process's CommonJS copies of toolwright.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require(file) as unknown;
  } catch (error) {
    const code = (error as { code?: unknown } | undefined)?.code;
    if (code === 'ERR_REQUIRE_ESM' || code === 'ERR_REQUIRE_ASYNC_MODULE')
      return import(pathToFileURL(file).href);
    throw error;
  }
}

function candidatesOf(exported: unknown, exportName: string | undefined): [string, unknown][] {
  const record =
    (typeof exported === 'object' && exported !== null) || typeof exported === 'function'
      ? (exported as Record<string, unknown>)
      : {};
  if (exportName !== undefined) return [[exportName, record[exportName]]];
  let fallback = record['default'];
  // An ES module's default seen through CommonJS interop twice: { default: { default: registry } }.
  const inner =
    typeof fallback === 'object' && fallback !== null
      ? (fallback as Record<string, unknown>)['default']
      : undefined;
  if (inner !== undefined && !isToolRegistry(fallback) && !isToolServerHandle(fallback)) fallback = inner;
  const candidates: [string, unknown][] = [
    ['default', fallback],
    ['registry', record['registry']],
  ];
  // `module.exports = registry` (or a function): the module object is the export.
  if (
    isToolRegistry(exported) ||
    isToolServerHandle(exported) ||
    (typeof exported === 'function' && !isClass(exported))
  ) {
    candidates.push(['module.exports', exported]);
  }
  return candidates;
}

async function take(name: string, value: unknown): Promise<Found | undefined> {
  const direct = shapeOf(await value);
  if (direct !== undefined) return direct;
  if (typeof value !== 'function' || isClass(value)) return undefined;
  const result: unknown = await (value as () => unknown)();
  const made = shapeOf(result);
  if (made !== undefined) return made;
  throw new ModuleLoadError(
    'factory_failed',
    `The ${name} export is a function, but calling it returned ${describeValue(result)}, not a ToolRegistry or a finalized handle.` +
      '\nReturn the registry (or a promise of it): export default () => new ToolRegistry().tool(…).',
  );
}

function shapeOf(value: unknown): Found | undefined {
  if (isToolRegistry(value)) return { registry: value };
  if (isToolServerHandle(value)) return { handle: value };
  return undefined;
}

function finalizeErrorOf(error: unknown): LoadedToolModule['finalizeError'] {
  if (!isFinalizeError(error)) return undefined;
  return { problems: error.problems, tools: Array.isArray(error.tools) ? error.tools : [] };
}

function importFailed(file: string, error: unknown, cwd: string): ModuleLoadError {
  return new ModuleLoadError(
    'import_failed',
    `Loading ${path.relative(cwd, file) || file} threw ${describeThrown(error)}` +
      `${userFrames(error)}\nThe module must load without errors; fix the error above (it came from the module's own code or its imports).`,
  );
}

function factoryFailed(file: string, name: string, error: unknown): ModuleLoadError {
  return new ModuleLoadError(
    'factory_failed',
    `Calling the ${name} export of ${path.basename(file)} threw ${describeThrown(error)}${userFrames(error)}`,
  );
}

function noRegistryExport(
  file: string,
  exported: unknown,
  exportName: string | undefined,
  seen: readonly string[],
  cwd: string,
): ModuleLoadError {
  const keys =
    (typeof exported === 'object' && exported !== null) || typeof exported === 'function'
      ? Object.keys(exported).filter((key) => key !== '__esModule')
      : [];
  const record = exported as Record<string, unknown>;
  const found =
    keys.length === 0
      ? `It exports nothing (module.exports is ${describeValue(exported)}).`
      : `Exports found: ${keys.map((key) => `${key} (${describeValue(record[key])})`).join(', ')}.`;
  const wanted =
    exportName === undefined
      ? 'toolwright takes the default export, or an export named "registry"'
      : `toolwright was asked for the export ${JSON.stringify(exportName)}${seen.length === 0 ? ', which does not exist' : ''}`;
  return new ModuleLoadError(
    'no_registry_export',
    `${path.relative(cwd, file) || file} exports no tool registry. ${found}` +
      `\n${wanted}: a ToolRegistry, a finalized handle (registry.finalize()), or a function returning either (possibly async).` +
      '\nExport one (export default registry), or pick another export with --export <name>.',
  );
}

function describeThrown(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return describeValue(error);
}

/** The first stack frames in the module's own code (not Node's internals, not toolwright's). */
function userFrames(error: unknown): string {
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  const frames = stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .filter((line) => !line.includes('node:internal') && !line.includes(cliRoot))
    .slice(0, 3);
  return frames.length === 0 ? '' : `\n${frames.map((line) => `    ${line.trim()}`).join('\n')}`;
}

// This package's own code (dist/ when built); test fixtures beside it are user code.
const cliRoot = path.resolve(__dirname, '..') + path.sep;

const ownRoots = [
  cliRoot,
  ...['core', 'expr', 'resources', 'registry', 'mcp'].flatMap((name) => {
    try {
      return [path.dirname(require.resolve(`@toolwright/${name}/package.json`)) + path.sep];
    } catch {
      return [];
    }
  }),
];

function isOwnFile(file: string): boolean {
  return ownRoots.some((root) => file.startsWith(root));
}
