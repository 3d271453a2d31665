import { Command, Option } from 'commander';
import { ExitCode } from '../exit-code';
import { ModuleLoadError } from '../load/module-load-error';
import type { CommandContext } from '../program/command-context';
import { exitCodesHelp, UNUSABLE } from '../program/exit-codes-help';
import { withModule, type ModuleOptions } from '../program/module-options';
import { openModule } from '../program/open-module';
import { formatProblems } from '../report/format-problems';
import { githubAnnotation } from '../report/github-annotation';
import { catalogCounts, catalogListing } from '../report/catalog-listing';
import { problemLocator } from '../report/locate-problem';
import { validateReport } from '../report/validate-report';

/** The output formats of `validate`. */
export type ValidateFormat = 'text' | 'json' | 'github';

interface ValidateOptions extends ModuleOptions {
  readonly json?: boolean;
  readonly format: ValidateFormat;
}

/** `toolwright validate <module>`: finalizes the registry and reports every problem; what CI runs. */
export function validateCommand(context: CommandContext, done: (code: number) => void): Command {
  return withModule(new Command('validate'))
    .summary('finalize the registry and report every problem (run it in CI)')
    .description(
      'Finalize the registry a module exports and report every problem with its fix (run it in CI)',
    )
    .option(
      '--json',
      'print a JSON report: { ok, tools, problems: [{ code, tool?, message, fix }] } (same as --format json)',
    )
    .addOption(
      new Option('--format <format>', 'text, json, or github (GitHub Actions annotations)')
        .choices(['text', 'json', 'github'])
        .default('text'),
    )
    .addHelpText(
      'after',
      exitCodesHelp([
        [0, 'the registry finalizes: no problems'],
        [1, 'finalize() found problems (all are listed, each with its fix)'],
        UNUSABLE,
      ]),
    )
    .action(async (specifier: string, options: ValidateOptions) => {
      done(await validate(specifier, options, context));
    });
}

async function validate(
  specifier: string,
  options: ValidateOptions,
  context: CommandContext,
): Promise<number> {
  const format: ValidateFormat = options.json === true ? 'json' : options.format;
  const { stdout } = context.io;
  let finalized;
  try {
    finalized = await openModule(specifier, options, context);
  } catch (error) {
    // Whatever went wrong, --json still prints an object and --format github an annotation.
    const code = error instanceof ModuleLoadError ? error.code : 'internal';
    const message = error instanceof Error ? error.message : String(error);
    if (format === 'json') {
      stdout.write(
        `${JSON.stringify({ ok: false, tools: [], problems: [], error: { code, message } }, null, 2)}\n`,
      );
    } else if (format === 'github') {
      stdout.write(`${githubAnnotation('error', message, { title: `toolwright validate: ${code}` })}\n`);
    }
    throw error;
  }
  const { problems, tools } = finalized;
  const locate = problemLocator(finalized.loaded.loadedFiles, context.io.cwd);
  // Resources and prompts are named beside the tools when the registry has any.
  const catalog = catalogCounts(finalized.handle);
  if (format === 'json') {
    const report = validateReport(tools, problems, locate);
    const listing = catalog === '' ? {} : catalogNames(finalized.handle!);
    stdout.write(`${JSON.stringify({ ...report, ...listing }, null, 2)}\n`);
  } else if (format === 'github') {
    for (const problem of problems) {
      const title = `toolwright validate: ${problem.code}${problem.tool === undefined ? '' : ` (${problem.tool})`}`;
      stdout.write(
        `${githubAnnotation('error', `${problem.message}\nFix: ${problem.fix}`, { title, ...locate(problem) })}\n`,
      );
    }
    stdout.write(
      problems.length === 0
        ? `${githubAnnotation('notice', summary(tools, catalog), { title: 'toolwright validate' })}\n`
        : `${problemCount(problems.length)} in the tool registry (${summary(tools, '')})\n`,
    );
  } else if (problems.length === 0) {
    stdout.write(`${context.out.green('✔ valid')}: ${summary(tools, catalog)}\n`);
  } else {
    stdout.write(`${formatProblems(problems, context.out)}\n`);
  }
  return problems.length === 0 ? ExitCode.ok : ExitCode.failed;
}

function summary(tools: readonly string[], catalog = ''): string {
  const listed = `${tools.length} ${tools.length === 1 ? 'tool' : 'tools'}: ${tools.length === 0 ? '(none)' : tools.join(', ')}`;
  return catalog === '' ? listed : `${listed}; ${catalog}`;
}

// The URIs, URI templates and prompt names, for the JSON report.
function catalogNames(handle: NonNullable<Parameters<typeof catalogListing>[0]>): Record<string, string[]> {
  const listing = catalogListing(handle);
  return {
    resources: listing.resources.map((entry) => (entry as { uri: string }).uri),
    resourceTemplates: listing.resourceTemplates.map(
      (entry) => (entry as { uriTemplate: string }).uriTemplate,
    ),
    prompts: listing.prompts.map((entry) => (entry as { name: string }).name),
  };
}

function problemCount(count: number): string {
  return `${count} ${count === 1 ? 'problem' : 'problems'}`;
}
