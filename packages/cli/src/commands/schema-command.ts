import { Command, Option } from 'commander';
import { PROVIDER_FORMATS, type ProviderFormat } from '@toolwright/registry';
import { ExitCode } from '../exit-code';
import type { CommandContext } from '../program/command-context';
import { exitCodesHelp, UNUSABLE } from '../program/exit-codes-help';
import { withModule, type ModuleOptions } from '../program/module-options';
import { openModule } from '../program/open-module';
import { requireHandle, requireTool } from '../program/require-handle';
import { catalogListing } from '../report/catalog-listing';

interface SchemaOptions extends ModuleOptions {
  readonly format: ProviderFormat;
  readonly tool?: string;
  readonly catalog?: boolean;
}

/** `toolwright schema <module>`: the tool definitions in a provider's format, as JSON. */
export function schemaCommand(context: CommandContext, done: (code: number) => void): Command {
  return withModule(new Command('schema'))
    .summary("print the tool definitions in a provider's format")
    .description("Print the tool definitions in a provider's format, as JSON")
    .addOption(
      new Option('--format <format>', 'the provider format').choices([...PROVIDER_FORMATS]).default('openai'),
    )
    .option('--tool <name>', "print only this tool's definition (an object instead of an array)")
    .option(
      '--catalog',
      'print the MCP resources, resource templates and prompts instead: { resources, resourceTemplates, prompts }',
    )
    .addHelpText(
      'after',
      exitCodesHelp([
        [0, 'printed'],
        [1, 'the registry does not finalize (its problems go to stderr)'],
        [2, 'no tool of that name; or as below'],
        UNUSABLE,
      ]),
    )
    .action(async (specifier: string, options: SchemaOptions) => {
      const handle = requireHandle(await openModule(specifier, options, context), context);
      if (options.catalog === true) {
        context.io.stdout.write(`${JSON.stringify(catalogListing(handle), null, 2)}\n`);
        done(ExitCode.ok);
        return;
      }
      const definitions = handle.definitions(options.format);
      let output: unknown = definitions;
      if (options.tool !== undefined) {
        requireTool(handle, options.tool);
        output = definitions.find((definition) => definitionName(definition) === options.tool);
      }
      context.io.stdout.write(`${JSON.stringify(output, null, 2)}\n`);
      done(ExitCode.ok);
    });
}

function definitionName(definition: object): string | undefined {
  const record = definition as { name?: unknown; function?: { name?: unknown } };
  const name = record.function?.name ?? record.name;
  return typeof name === 'string' ? name : undefined;
}
