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
  if (loaded.handle !== undefined) {
    const handle = loaded.handle;
    const problems = handle.check();
    const missing = metadataMissingError(problems, loaded.loadedFiles, cwd);
    if (missing) throw missing;
    const tools = handle.tools().map((tool) => tool.name);
    return { loaded, handle: problems.length === 0 ? handle : undefined, problems, tools };
  }
  const registry = loaded.registry!;
  try {
    const handle = registry.finalize();
    return { loaded, handle, problems: [], tools: handle.tools().map((tool) => tool.name) };
  } catch (error) {
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
    const tools = Array.isArray(error.tools) ? error.tools : registry.check().tools;
    return { loaded, handle: undefined, problems: error.problems, tools };
  }
}
