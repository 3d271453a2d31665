import type { FinalizeProblem, ToolServerHandle } from '@toolwright/registry';
import { CliFailure } from '../cli-failure';
import { ExitCode } from '../exit-code';
import type { FinalizedModule } from './finalized-module';
import type { LoadedToolModule } from './loaded-tool-module';
import { metadataMissingError } from './metadata-missing-error';
import { isFinalizeError } from './registry-shape';

/**
 * Runs `finalize()` on a loaded registry (a loaded handle is re-checked with `handle.check()`).
 * Problems caused by a build without decorator metadata become a `metadata_missing` load error;
 * any other problems are returned for the command to report.
 */
export function finalizeLoadedModule(loaded: LoadedToolModule, cwd: string): FinalizedModule {
  const early = settled(loaded, cwd);
  if (early !== undefined) return early;
  const registry = loaded.registry!;
  try {
    const handle = registry.finalize();
    return { loaded, handle, problems: [], tools: handle.tools().map((tool) => tool.name) };
  } catch (error) {
    return failed(loaded, error, cwd, () => registry.check().tools);
  }
}

/**
 * `finalizeLoadedModule`, waiting for the tools built asynchronously (an async factory among their
 * dependencies), so a factory that fails is reported with every other problem.
 */
export async function finalizeLoadedModuleAsync(
  loaded: LoadedToolModule,
  cwd: string,
): Promise<FinalizedModule> {
  const early = settled(loaded, cwd);
  if (early !== undefined) return early;
  const registry = loaded.registry!;
  // A registry from an older copy of the package has no finalizeAsync.
  if (typeof registry.finalizeAsync !== 'function') return finalizeLoadedModule(loaded, cwd);
  try {
    const handle = await registry.finalizeAsync();
    return { loaded, handle, problems: [], tools: handle.tools().map((tool) => tool.name) };
  } catch (error) {
    return failed(loaded, error, cwd, () => registry.check().tools);
  }
}

// A module that exported a handle, or whose `registry.finalize()` threw while it loaded.
function settled(loaded: LoadedToolModule, cwd: string): FinalizedModule | undefined {
  if (loaded.finalizeError !== undefined) {
    const { problems, tools } = loaded.finalizeError;
    const missing = metadataMissingError(problems, loaded.loadedFiles, cwd);
    if (missing) throw missing;
    return { loaded, handle: undefined, problems, tools };
  }
  if (loaded.handle === undefined) return undefined;
  const handle: ToolServerHandle = loaded.handle;
  const problems = handle.check();
  const missing = metadataMissingError(problems, loaded.loadedFiles, cwd);
  if (missing) throw missing;
  const tools = handle.tools().map((tool) => tool.name);
  return { loaded, handle: problems.length === 0 ? handle : undefined, problems, tools };
}

function failed(
  loaded: LoadedToolModule,
  error: unknown,
  cwd: string,
  toolsOf: () => readonly string[],
): FinalizedModule {
  if (!isFinalizeError(error)) {
    throw new CliFailure(
      `finalize() threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)} ` +
        '(not a FinalizeError listing problems): this is a bug in the registry or in code it runs.' +
        (error instanceof Error && error.stack !== undefined ? `\n${error.stack}` : ''),
      ExitCode.unusable,
    );
  }
  const missing = metadataMissingError(error.problems, loaded.loadedFiles, cwd);
  if (missing) throw missing;
  // The error lists the tools it checked; only an older registry copy's error lacks them.
  const tools = Array.isArray(error.tools) ? error.tools : toolsOf();
  const problems: readonly FinalizeProblem[] = error.problems;
  return { loaded, handle: undefined, problems, tools };
}
