import { Param, Tool } from '@toolwright/core';
import { TestConfig } from '@toolwright/example-coding-tools';
import { hasParam, requiresTool } from '@toolwright/registry';
import { Params } from '@toolwright/resources';
import { inject } from 'inversify';

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

/**
 * SEEDED on one tool: invalid_definition (reflection sees only `Array` for MultiEditArgs.edits), a
 * template naming a parameter edit does not have, and exclusive with edit and apply_patch. Its
 * definition is rejected, yet it is still registered: its template and exclusivity are checked.
 */
@Tool({
  name: 'multi_edit',
  description:
    'Apply several exact-text edits to one file; for one edit use ${{ tools.edit }} with ${{ params.edit.old_text }}.',
  kind: 'edit',
  args: MultiEditArgs,
})
export class MultiEdit {
  run(args: MultiEditArgs): string {
    return `${args.edits.length} edits to ${args.path}`;
  }
}

/**
 * SEEDED (template): the description refers to web_search, which nothing registers; and to read_file,
 * which search_replace's requirement already reports missing (one fact, one problem). It requires
 * web_fetch with its url parameter: web_fetch cannot be built, but it is registered, so that holds.
 */
@Tool({
  name: 'find_docs',
  description:
    'Find documentation in the workspace (README, docs/) and read it with ${{ tools.read_file }}. ' +
    'For anything else use ${{ tools.web_search }}, or fetch a page with ${{ tools.web_fetch }}.',
  kind: 'search',
  readOnly: true,
  requires: requiresTool('web_fetch', hasParam('url')),
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

/**
 * SEEDED (invalid_name): a space is not allowed in a tool name. It also injects the invalid
 * Params<TestConfig> that run_tests injects: that value is one problem, reported once.
 */
@Tool({ name: 'list files', description: 'List the files of the workspace.', kind: 'list', readOnly: true })
export class ListFiles {
  constructor(@inject(Params.of(TestConfig)) private readonly config: Params<TestConfig>) {}

  run(): string {
    return this.config.command;
  }
}

/** SEEDED (duplicate_name): a second web_fetch, beside WebFetch (which cannot be built: no WebClient). */
@Tool({ name: 'web_fetch', description: 'Fetch a page from the local cache.', kind: 'fetch', readOnly: true })
export class CachedWebFetch {
  run(): string {
    return '';
  }
}
