import { Param, Tool, type ToolCallContext } from '@toolwright/core';
import { inject } from '@toolwright/resources';
import {
  DEFAULT_MAX_MATCHES,
  renderSearchResult,
  searchFiles,
  type SearchResult,
} from '../../search/search-files';
import { Workspace } from '../../workspace/workspace';

/** Arguments of grep. */
export class GrepArgs {
  @Param({ description: 'A JavaScript regular expression, matched against each line', minLength: 1 })
  pattern!: string;

  @Param({
    description: 'File or directory to search, relative to the workspace root (default: all of it)',
    optional: true,
  })
  path?: string;

  @Param({
    description:
      'Only search files matching this glob: "*.ts" matches names at any depth, "src/**/*.ts" paths',
    optional: true,
  })
  glob?: string;

  @Param({ description: 'Match without regard to case (default false)', optional: true, default: false })
  ignore_case?: boolean;

  @Param({
    description: `Most matching lines to return (default ${DEFAULT_MAX_MATCHES})`,
    optional: true,
    integer: true,
    minimum: 1,
    maximum: 2000,
  })
  max_results?: number;
}

/** grep: matching lines as `path:line: text`, capped; binary files, node_modules and .git skipped. */
@Tool({
  name: 'grep',
  description:
    'Search file contents with a regular expression. Returns matching lines as path:line: text. Skips binary ' +
    'files, node_modules and .git. Narrow with path and glob when there are many results.',
  kind: 'search',
  readOnly: true,
  args: GrepArgs,
})
export class Grep {
  constructor(@inject(Workspace) private readonly workspace: Workspace) {}

  run(args: GrepArgs, ctx: ToolCallContext): Promise<SearchResult> {
    return searchFiles(this.workspace, {
      pattern: args.pattern,
      path: args.path,
      glob: args.glob,
      ignoreCase: args.ignore_case,
      maxResults: args.max_results,
      signal: ctx.signal,
    });
  }

  toContent(result: SearchResult): string {
    return renderSearchResult(result);
  }
}
