import { Param, Tool } from '@toolwright/core';

/** One edit of multi_edit. */
export class EditOperation {
  @Param({ description: 'The exact text to replace' })
  old_string!: string;

  @Param({ description: 'The text to put in its place' })
  new_string!: string;
}

/** SEEDED: `edits` is an array, but its @Param has no `type: () => [EditOperation]` thunk. */
export class MultiEditArgs {
  @Param({ description: 'File to edit' })
  path!: string;

  @Param({ description: 'The edits, applied in order' })
  edits!: EditOperation[];
}

/** SEEDED (invalid_definition): reflection sees only `Array` for MultiEditArgs.edits. */
@Tool({
  name: 'multi_edit',
  description: 'Apply several exact-text edits to one file.',
  kind: 'edit',
  args: MultiEditArgs,
})
export class MultiEdit {
  run(args: MultiEditArgs): string {
    return `${args.edits.length} edits to ${args.path}`;
  }
}

/** SEEDED (template): the description refers to web_search, which nothing registers. */
@Tool({
  name: 'find_docs',
  description:
    'Find documentation in the workspace (README, docs/). For anything else use ${{ tools.web_search }}.',
  kind: 'search',
  readOnly: true,
})
export class FindDocs {
  run(): string {
    return 'README.md';
  }
}

/** SEEDED (duplicate_name): a second tool named grep, beside the coding tools' Grep. */
@Tool({ name: 'grep', description: 'Search file contents with ripgrep.', kind: 'search', readOnly: true })
export class RipGrep {
  run(): string {
    return '';
  }
}

/** SEEDED (invalid_name): a space is not allowed in a tool name. */
@Tool({ name: 'list files', description: 'List the files of the workspace.', kind: 'list', readOnly: true })
export class ListFiles {
  run(): string {
    return '';
  }
}
