import { Param, Tool } from '@toolwright/core';
import { inject } from '@toolwright/resources';
import { describeEdit, replaceExact, type EditResult } from '../../files/replace-exact';
import { Workspace } from '../../workspace/workspace';

/** Arguments of edit. */
export class EditArgs {
  @Param({ description: 'Path of the file, relative to the workspace root', minLength: 1 })
  path!: string;

  @Param({ description: 'The exact text to replace, including whitespace and indentation', minLength: 1 })
  old_string!: string;

  @Param({ description: 'The text to put in its place' })
  new_string!: string;

  @Param({
    description: 'Replace every occurrence instead of exactly one (default false)',
    optional: true,
    default: false,
  })
  replace_all?: boolean;
}

/** edit: exact-text replacement; old_string must match exactly once unless replace_all. */
@Tool({
  name: 'edit',
  description:
    'Replace exact text in a file. old_string must occur exactly once: include enough surrounding lines to ' +
    'make it unique, or set replace_all to change every occurrence. Copy old_string from the file exactly, ' +
    'whitespace and indentation included.',
  kind: 'edit',
  readOnly: false,
  annotations: { destructive: true },
  args: EditArgs,
})
export class Edit {
  constructor(@inject(Workspace) private readonly workspace: Workspace) {}

  run(args: EditArgs): Promise<EditResult> {
    return replaceExact(this.workspace, args.path, {
      oldString: args.old_string,
      newString: args.new_string,
      replaceAll: args.replace_all,
    });
  }

  toContent(result: EditResult): string {
    return describeEdit(result);
  }
}
