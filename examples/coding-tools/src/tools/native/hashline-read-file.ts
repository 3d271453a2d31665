import { Tool, type ToolCallContext } from '@toolwright/core';
import { inject, State } from '@toolwright/resources';
import { FileReadLog, rememberRead } from '../../files/file-read-log';
import type { TextSlice } from '../../files/read-file-slice';
import { readHashlines } from '../../files/read-hashlines';
import { HASHLINE_STYLE, renderFileSlice } from '../../files/render-file-slice';
import { Workspace } from '../../workspace/workspace';
import { ReadFileArgs } from './read-file';

/**
 * read_file of the hashline dialect: the same window as read_file, each line tagged with a short
 * hash of its content (`12:a3f|text`), the anchors hashline_edit takes.
 */
@Tool({
  name: 'read_file',
  description:
    'Read a text file from the workspace. Each line comes as LINE:HASH|TEXT (for example 12:a3f|const a = 1;): ' +
    'LINE:HASH is the anchor hashline_edit takes to edit that line. Long files are shown in windows: use ' +
    'offset and limit to read further.',
  kind: 'read',
  readOnly: true,
  args: ReadFileArgs,
})
export class HashlineReadFile {
  constructor(
    @inject(Workspace) private readonly workspace: Workspace,
    @inject(State.of(FileReadLog)) private readonly reads: State<FileReadLog>,
  ) {}

  async run(args: ReadFileArgs, ctx: ToolCallContext): Promise<TextSlice> {
    const slice = await readHashlines(this.workspace, args.path, { offset: args.offset, limit: args.limit });
    await this.reads.update((log) => rememberRead(log, slice.path), { signal: ctx.signal });
    return slice;
  }

  toContent(slice: TextSlice): string {
    return renderFileSlice(slice, HASHLINE_STYLE);
  }
}
