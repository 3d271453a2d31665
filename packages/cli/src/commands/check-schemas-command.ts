import { existsSync } from 'node:fs';
import path from 'node:path';
import { Command, Option } from 'commander';
import type { DriftReport } from '../drift/drift-report';
import { githubAnnotation } from '../report/github-annotation';
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
  readonly format: 'text' | 'json' | 'github';
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
    .option(
      '--json',
      'print a JSON report: { ok, drifts, checked, withoutArguments, unchecked, uncheckedProperties } (same as --format json)',
    )
    .addOption(
      new Option('--format <format>', 'text, json, or github (GitHub Actions annotations)')
        .choices(['text', 'json', 'github'])
        .default('text'),
    )
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
      const format = options.json === true ? 'json' : options.format;
      if (format === 'json') {
        context.io.stdout.write(
          `${JSON.stringify({ ok: report.drifts.length === 0, ...report }, null, 2)}\n`,
        );
      } else if (format === 'github') {
        context.io.stdout.write(driftAnnotations(report));
      } else {
        context.io.stdout.write(formatDriftReport(report, context.out));
      }
      if (report.checked.length === 0 && report.unchecked.length > 0) {
        const notFound = report.unchecked.every((entry) =>
          /^no class|not declared by a class|defineTool/.test(entry.reason),
        );
        if (notFound) {
          throw new CliFailure(
            `no tool could be compared: none of their classes was found in the program of ${options.tsconfig}. ` +
              "Give the tsconfig.json that compiles the module's sources.",
            ExitCode.unusable,
          );
        }
        // Classes were found but could not be read: a failed check (the reasons are listed), never "no drift".
        done(ExitCode.failed);
        return;
      }
      done(report.drifts.length === 0 ? ExitCode.ok : ExitCode.failed);
    });
}

/** One `::error` annotation per drift (at the property, when its location is known), one `::warning` per note. */
function driftAnnotations(report: DriftReport): string {
  const lines: string[] = [];
  for (const drift of report.drifts) {
    const at = drift.location === undefined ? undefined : /^(.*):(\d+)$/.exec(drift.location);
    lines.push(
      githubAnnotation('error', `${drift.argsClass}.${drift.property}: ${drift.message}\nFix: ${drift.fix}`, {
        title: `toolwright check-schemas: ${drift.code} (${drift.tools.join(', ')})`,
        ...(at === undefined || at === null ? {} : { file: at[1]!, line: Number(at[2]) }),
      }),
    );
  }
  for (const entry of report.unchecked)
    lines.push(
      githubAnnotation('warning', `${entry.tool}: ${entry.reason}`, {
        title: 'toolwright check-schemas: not checked',
      }),
    );
  for (const entry of report.uncheckedProperties)
    lines.push(
      githubAnnotation('warning', `${entry.argsClass}.${entry.property}: ${entry.reason}`, {
        title: 'toolwright check-schemas: not checked',
      }),
    );
  const checked = report.checked.length;
  lines.push(
    `${report.drifts.length} ${report.drifts.length === 1 ? 'drift' : 'drifts'} in ${checked} ${checked === 1 ? 'tool' : 'tools'} compared`,
  );
  return `${lines.join('\n')}\n`;
}
