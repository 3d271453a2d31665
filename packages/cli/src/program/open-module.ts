import { finalizeLoadedModuleAsync } from '../load/finalize-loaded-module';
import type { FinalizedModule } from '../load/finalized-module';
import { loadToolModule } from '../load/load-tool-module';
import type { LoadedToolModule } from '../load/loaded-tool-module';
import type { CommandContext } from './command-context';
import type { ModuleOptions } from './module-options';

/**
 * Loads the module a command names. Console output of the module (and later of its tools) is sent
 * to stderr first, unless `isolateStdout` is false (`serve` routes it its own way).
 */
export function loadModule(
  specifier: string,
  options: ModuleOptions,
  context: CommandContext,
  isolateStdout = true,
): Promise<LoadedToolModule> {
  if (isolateStdout) context.io.isolateStdout();
  return loadToolModule(specifier, { cwd: context.io.cwd, exportName: options.export });
}

/** Loads the module a command names and finalizes its registry. */
export async function openModule(
  specifier: string,
  options: ModuleOptions,
  context: CommandContext,
  isolateStdout = true,
): Promise<FinalizedModule> {
  return finalizeLoadedModuleAsync(
    await loadModule(specifier, options, context, isolateStdout),
    context.io.cwd,
  );
}
