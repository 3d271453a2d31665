import { CommanderError } from 'commander';
import { CliFailure } from './cli-failure';
import { ExitCode } from './exit-code';
import type { CliIo } from './io/cli-io';
import { nodeIo } from './io/node-io';
import { stylerFor } from './io/styler';
import { ModuleLoadError } from './load/module-load-error';
import type { CommandContext } from './program/command-context';
import { createProgram } from './program/create-program';

/**
 * Runs the `toolwright` command line (`argv` without the node and script paths) and resolves to
 * its exit code; never calls `process.exit`, so tests can run it in-process with a fake `io`.
 */
export async function main(argv: readonly string[], io: CliIo = nodeIo()): Promise<number> {
  const context: CommandContext = {
    io,
    out: stylerFor(io.stdout, io.env),
    err: stylerFor(io.stderr, io.env),
  };
  let exitCode: number = ExitCode.ok;
  const program = createProgram(context, (code) => {
    exitCode = code;
  });
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end with code 0; any usage error (and bare `toolwright`) is 2.
      return error.exitCode === 0 ? ExitCode.ok : ExitCode.unusable;
    }
    if (error instanceof CliFailure) {
      const label = error instanceof ModuleLoadError ? `error [${error.code}]` : 'error';
      io.stderr.write(`${context.err.red(context.err.bold(label))}: ${error.message}\n`);
      return error.exitCode;
    }
    const detail =
      error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
    io.stderr.write(`${context.err.red('toolwright: unexpected error (a bug in toolwright):')}\n${detail}\n`);
    return ExitCode.unusable;
  }
}
