import { Command, Option } from 'commander';
import type { RequirementGraph } from '@toolwright/registry';
import { ExitCode } from '../exit-code';
import { renderDot } from '../graph/render-dot';
import { renderMermaid } from '../graph/render-mermaid';
import { metadataMissingError } from '../load/metadata-missing-error';
import type { CommandContext } from '../program/command-context';
import { exitCodesHelp, UNUSABLE } from '../program/exit-codes-help';
import { withModule, type ModuleOptions } from '../program/module-options';
import { loadModule } from '../program/open-module';

interface GraphOptions extends ModuleOptions {
  readonly format: 'mermaid' | 'dot' | 'json';
}

/**
 * `toolwright graph <module>`: the requirement graph — tools, the tools, kinds, parameters and params
 * values they need, exclusivity — with what is missing highlighted. Drawn even when finalize fails.
 */
export function graphCommand(context: CommandContext, done: (code: number) => void): Command {
  return withModule(new Command('graph'))
    .summary('draw the requirement graph (Mermaid or DOT)')
    .description(
      'Draw the requirement graph (drawn even when the registry has problems; missing nodes are highlighted)',
    )
    .addOption(
      new Option('--format <format>', 'mermaid (GitHub renders it), dot (Graphviz), or json (the graph data)')
        .choices(['mermaid', 'dot', 'json'])
        .default('mermaid'),
    )
    .addHelpText(
      'after',
      exitCodesHelp([[0, 'drawn (also when something is missing: run validate to fail on it)'], UNUSABLE]),
    )
    .action(async (specifier: string, options: GraphOptions) => {
      const loaded = await loadModule(specifier, options, context);
      let graph: RequirementGraph;
      if (loaded.handle !== undefined) {
        graph = loaded.handle.requirementGraph();
      } else {
        const registry = loaded.registry!;
        const report = registry.check();
        const missing = metadataMissingError(report.problems, loaded.loadedFiles, context.io.cwd);
        if (missing) throw missing;
        graph = registry.graph();
      }
      const text =
        options.format === 'dot'
          ? renderDot(graph)
          : options.format === 'json'
            ? `${JSON.stringify(graph, null, 2)}\n`
            : renderMermaid(graph);
      context.io.stdout.write(text);
      done(ExitCode.ok);
    });
}
