import { jsonString, Param, Tool } from '@toolwright/core';
import { inject } from '@toolwright/resources';
import {
  applyHashlineEdits,
  describeHashlineEdits,
  type HashlineEditResult,
  type HashlineOperation,
} from '../../files/apply-hashline-edits';
import { LINE_ANCHOR_PATTERN } from '../../files/line-hash';
import { Workspace } from '../../workspace/workspace';

/** The most edits one hashline_edit call takes. */
export const MAX_HASHLINE_EDITS = 100;

/** One edit of hashline_edit. */
export class HashlineEditOp {
  @Param({
    description:
      'replace: lines start..end become text; delete: lines start..end go; insert_before / insert_after: text goes before / after line start',
    enum: ['replace', 'delete', 'insert_before', 'insert_after'],
  })
  op!: HashlineOperation;

  @Param({
    description: 'Anchor of the first line, LINE:HASH as read_file shows it (e.g. 12:a3f)',
    pattern: LINE_ANCHOR_PATTERN,
  })
  start!: string;

  @Param({
    description: 'Anchor of the last line of a replace or delete (default: start)',
    optional: true,
    pattern: LINE_ANCHOR_PATTERN,
  })
  end?: string;

  @Param({
    description: 'The new lines (replace, insert_before, insert_after), without anchors',
    optional: true,
  })
  text?: string;
}

/** Arguments of hashline_edit. */
export class HashlineEditArgs {
  @Param({ description: 'Path of the file, relative to the workspace root', minLength: 1 })
  path!: string;

  @Param({
    description:
      'The edits, all applied or none; anchors refer to the file as last read, and may not overlap',
    type: () => [HashlineEditOp],
    minItems: 1,
    maxItems: MAX_HASHLINE_EDITS,
    lenient: jsonString(),
  })
  edits!: HashlineEditOp[];
}

/**
 * hashline_edit: line edits anchored by the hashes a hashline read shows. An alternative editor to
 * edit: `createCodingRegistry` declares the two exclusive; the `hashline` dialect registers it.
 */
@Tool({
  name: 'hashline_edit',
  description:
    'Edit a file by line anchors. read_file shows each line as LINE:HASH|TEXT; name lines by their LINE:HASH ' +
    '(start, and end for a range) and replace, delete or insert lines. All edits apply at once against the file ' +
    'as you read it, or none does: if a line changed since (its hash differs), read the file again. Edits may ' +
    'not overlap. The result shows the new anchors of the lines written.',
  kind: 'edit',
  readOnly: false,
  annotations: { destructive: true },
  args: HashlineEditArgs,
})
export class HashlineEdit {
  constructor(@inject(Workspace) private readonly workspace: Workspace) {}

  run(args: HashlineEditArgs): Promise<HashlineEditResult> {
    return applyHashlineEdits(this.workspace, args.path, args.edits);
  }

  toContent(result: HashlineEditResult): string {
    return describeHashlineEdits(result);
  }
}
