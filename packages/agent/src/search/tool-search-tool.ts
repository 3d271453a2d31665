import { defineTool, Param } from '@toolwright/core';
import { ToolRegistry, type RegisteredTool, type ToolSnapshot } from '@toolwright/registry';
import { loadedLine } from './loaded-tool-names';
import type { ResolvedToolSearch } from './tool-search-options';
import { ToolSearchIndex } from './tool-search-index';

/** The arguments of the built-in search tool. */
export class ToolSearchArgs {
  @Param({
    description:
      'What you need to do, in a few words (for example "create a calendar event"), or a tool name.',
    minLength: 1,
    maxLength: 500,
  })
  query!: string;
}

/**
 * The built-in search tool for one snapshot, as a snapshot of its own (so its calls are decoded,
 * bounded and reported like any tool's): it ranks the snapshot's deferred tools the model may call
 * and answers with what it loaded, which the next turn's definitions then include.
 */
export function toolSearchSnapshot(
  base: ToolSnapshot,
  search: ResolvedToolSearch,
  allowed: ReadonlySet<string> | undefined,
): ToolSnapshot {
  const deferred = base.tools.filter(
    (tool) => tool.deferLoading && (allowed === undefined || allowed.has(tool.name)),
  );
  const index = new ToolSearchIndex(deferred);
  const tool = defineTool(
    {
      name: search.name,
      description: `Find tools that are not loaded yet and load them for your next turn. ${deferred.length} more tools are available: search by what you need to do (words from a tool's name, purpose, arguments or kind). The best ${search.maxResults} matches, with the tools they need, can be called from your next turn on.`,
      kind: 'search',
      namespace: 'internal',
      readOnly: true,
      args: ToolSearchArgs,
    },
    (args: ToolSearchArgs) => searchResult(base, index, args.query, search.maxResults, allowed),
  );
  return new ToolRegistry({ namespace: 'internal' }).tool(tool).finalize().snapshot();
}

function searchResult(
  base: ToolSnapshot,
  index: ToolSearchIndex,
  query: string,
  maxResults: number,
  allowed: ReadonlySet<string> | undefined,
): string {
  const hits = index.search(query, maxResults);
  if (hits.length === 0) {
    return `No tool matches ${JSON.stringify(query.slice(0, 100))}. Try other words: what the tool does, the thing it acts on, or an argument it takes.`;
  }
  const matched = hits.map((hit) => hit.tool.name);
  const loaded = base
    .requiredToolClosure(matched)
    .filter((name) => allowed === undefined || allowed.has(name));
  const lines = [loadedLine(loaded)];
  const hitNames = new Set(matched);
  for (const name of loaded) {
    const tool = base.get(name)!;
    lines.push(`- ${describe(tool)}${hitNames.has(name) ? '' : ' (required by a match)'}`);
  }
  return lines.join('\n');
}

function describe(tool: RegisteredTool): string {
  const summary = tool.description.split('\n')[0]!.slice(0, 200);
  const args = tool.parameters.length === 0 ? 'no arguments' : `arguments: ${tool.parameters.join(', ')}`;
  return `${tool.name} (${tool.label}): ${summary} [${args}]`;
}
