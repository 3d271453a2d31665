import { existsSync } from 'node:fs';
import path from 'node:path';
import { Command } from 'commander';
import { CliFailure } from '../cli-failure';
import { checkSchemaDrift } from '../drift/check-schema-drift';
import { formatDriftReport } from '../drift/format-drift-report';
import { loadTypescriptJsonSchema } from '../drift/typescript-module';
import { ExitCode } from '../exit-code';
import type { CommandContext } from '../program/command-context';
import { exitCodesHelp, UNUSABLE } from '../program/exit-codes-help';
import { withModule, type ModuleOptions } from '../program/module-options';
import { openModule } from '../program/open-module';
import { requireHandle } from '../program/require-handle';

interface CheckSchemasOptions extends ModuleOptions {
  readonly tsconfig: string;
  readonly json?: boolean;
}

/**
 * `toolwright check-schemas <module> --tsconfig <path>`: derives each args class's schema from its
 * TypeScript type (typescript-json-schema) and reports where it drifts from the decorator schema.
 */
export function checkSchemasCommand(context: CommandContext, done: (code: number) => void): Command {
  return withModule(new Command('check-schemas'))
    .summary('report drift between decorator schemas and TypeScript types')
    .description(
      "Compare each args class's decorator schema with its TypeScript type (typescript-json-schema) and report drift, such as offset?: number without optional: true",
    )
    .requiredOption('--tsconfig <path>', "the tsconfig.json of the module's TypeScript sources")
    .option('--json', 'print a JSON report: { ok, drifts, checked, withoutArguments, unchecked }')
    .addHelpText(
      'after',
      exitCodesHelp([
        [0, 'no drift (tools that could not be compared are listed as notes)'],
        [1, 'drift found (each with its fix), or the registry does not finalize'],
        [2, 'the tsconfig is missing, or no tool could be matched to a class in it; or as below'],
        UNUSABLE,
      ]),
    )
    .action(async (specifier: string, options: CheckSchemasOptions) => {
      const tsconfig = path.resolve(context.io.cwd, options.tsconfig);
      if (!existsSync(tsconfig))
        throw new CliFailure(`--tsconfig: ${tsconfig} does not exist.`, ExitCode.unusable);
      const handle = requireHandle(await openModule(specifier, options, context), context);
      const report = checkSchemaDrift(loadTypescriptJsonSchema(), handle.tools(), tsconfig, context.io.cwd);
      if (options.json === true) {
        context.io.stdout.write(
          `${JSON.stringify({ ok: report.drifts.length === 0, ...report }, null, 2)}\n`,
        );
      } else {
        context.io.stdout.write(formatDriftReport(report, context.out));
      }
      if (report.checked.length === 0 && report.unchecked.length > 0) {
        throw new CliFailure(
          `no tool could be compared: none of their classes was found in the program of ${options.tsconfig}. ` +
            "Give the tsconfig.json that compiles the module's sources.",
          ExitCode.unusable,
        );
      }
      done(report.drifts.length === 0 ? ExitCode.ok : ExitCode.failed);
    });
}
