import { Command } from 'commander';
import { callCommand } from '../commands/call-command';
import { checkSchemasCommand } from '../commands/check-schemas-command';
import { graphCommand } from '../commands/graph-command';
import { schemaCommand } from '../commands/schema-command';
import { serveCommand } from '../commands/serve-command';
import { validateCommand } from '../commands/validate-command';
import type { CommandContext } from './command-context';
import { cliVersion } from './cli-version';

/** The `toolwright` program; each command reports its exit code through `done`. */
export function createProgram(context: CommandContext, done: (code: number) => void): Command {
  const { io } = context;
  const program = new Command('toolwright')
    .description('Check, inspect, run and serve toolwright tool registries.')
    .version(cliVersion(), '-v, --version', 'print the version')
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      outputError: (text, write) => write(context.err.red(text)),
    })
    .exitOverride()
    .showHelpAfterError('(run with --help for usage)')
    .addHelpText(
      'after',
      '\n<module> is a compiled JavaScript file or a package directory, relative to the current directory; its\n' +
        'default export (or an export named "registry") is a ToolRegistry, a finalized handle, or a function\n' +
        'returning either. Exit codes: 0 ok, 1 problems / tool error / drift, 2 usage or load error, 130 interrupted.\n',
    );
  for (const command of [
    validateCommand(context, done),
    schemaCommand(context, done),
    callCommand(context, done),
    graphCommand(context, done),
    checkSchemasCommand(context, done),
    serveCommand(context, done),
  ]) {
    // addCommand (unlike .command()) does not pass on exitOverride and the output configuration.
    program.addCommand(command.copyInheritedSettings(program));
  }
  return program;
}
