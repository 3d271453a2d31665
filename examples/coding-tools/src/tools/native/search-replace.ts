import { Param, Tool, ToolError } from '@toolwright/core';
import { Expr } from '@toolwright/expr';
import { hasParam, paramEquals, requiresTool } from '@toolwright/registry';
import { inject, Params, State } from '@toolwright/resources';
import { SearchReplaceConfig } from '../../config/search-replace-config';
import { FileReadLog } from '../../files/file-read-log';
import { describeEdit, type EditResult } from '../../files/replace-exact';
import { replacePattern } from '../../files/replace-pattern';
import { Workspace } from '../../workspace/workspace';
import { ReadFile } from './read-file';

/** Arguments of search_replace. */
export class SearchReplaceArgs {
  @Param({ description: 'Path of the file, relative to the workspace root', minLength: 1 })
  path!: string;

  @Param({
    description: 'A JavaScript regular expression; ^ and $ match at the start and end of each line',
    minLength: 1,
  })
  pattern!: string;

  @Param({ description: 'The replacement; $1, $<name> and $& refer to the match' })
  replacement!: string;

  @Param({ description: 'Match without regard to case (default false)', optional: true, default: false })
  ignore_case?: boolean;
}

/**
 * search_replace: every match of a regular expression in one file. Requires read_file unless its
 * params say `skipReadBeforeEdit` (it refuses files not read in this session), and requires the edit
 * tool to expose the parameters its description names.
 */
@Tool({
  name: 'search_replace',
  description:
    'Replace every match of a regular expression in one file. Unless configured otherwise, the file must have ' +
    'been read in this session first. For a single exact change, prefer ${{ tools.edit }} with ' +
    '${{ params.edit.old_string }} and ${{ params.edit.new_string }} (and ${{ params.edit.replace_all }} to ' +
    'change every occurrence of a literal text).',
  kind: 'edit',
  readOnly: false,
  annotations: { destructive: true },
  args: SearchReplaceArgs,
  requires: [
    Expr.or(requiresTool(ReadFile), paramEquals('skipReadBeforeEdit', true)),
    requiresTool('edit', Expr.and(hasParam('old_string'), hasParam('new_string'), hasParam('replace_all'))),
  ],
})
export class SearchReplace {
  constructor(
    @inject(Workspace) private readonly workspace: Workspace,
    @inject(Params.of(SearchReplaceConfig)) private readonly config: Params<SearchReplaceConfig>,
    @inject(State.of(FileReadLog)) private readonly reads: State<FileReadLog>,
  ) {}

  async run(args: SearchReplaceArgs): Promise<EditResult> {
    if (!this.config.skipReadBeforeEdit) {
      const target = await this.workspace.resolve(args.path);
      if (!this.reads.get().paths.includes(target.display)) {
        throw ToolError.conflict(
          `"${target.display}" has not been read in this session. Read it with read_file first, then replace in it.`,
        );
      }
    }
    return replacePattern(this.workspace, args.path, {
      pattern: args.pattern,
      replacement: args.replacement,
      ignoreCase: args.ignore_case,
    });
  }

  toContent(result: EditResult): string {
    return describeEdit(result);
  }
}
