import type { ToolServerHandle } from '@toolwright/registry';
import { unknownToolMessage } from '@toolwright/core/internal';
import { CliFailure } from '../cli-failure';
import { ExitCode } from '../exit-code';
import type { FinalizedModule } from '../load/finalized-module';
import { formatProblems } from '../report/format-problems';
import type { CommandContext } from './command-context';

/**
 * The finalized handle of a module; when finalize found problems, prints them to stderr and throws
 * a `CliFailure` with exit code 1 (`validate` shows the same report).
 */
export function requireHandle(finalized: FinalizedModule, context: CommandContext): ToolServerHandle {
  if (finalized.handle !== undefined) return finalized.handle;
  context.io.stderr.write(`${formatProblems(finalized.problems, context.err)}\n`);
  throw new CliFailure(
    'the registry does not finalize; fix the problems above (toolwright validate lists them too).',
    ExitCode.failed,
  );
}

/**
 * Throws a usage error (exit 2) when `name` is not a tool of `handle`, in the words a model reads
 * for the same mistake (`unknownToolMessage`: the closest name and the tools there are).
 */
export function requireTool(handle: ToolServerHandle, name: string): void {
  if (handle.has(name)) return;
  const names = handle.tools().map((tool) => tool.name);
  throw new CliFailure(unknownToolMessage(name, names), ExitCode.unusable);
}
