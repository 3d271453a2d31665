import { Param, Tool, type ToolCallContext } from '@toolwright/core';
import { inject, State } from '@toolwright/resources';
import { FileReadLog, rememberRead } from '../../files/file-read-log';
import {
  DEFAULT_READ_LIMIT,
  MAX_READ_LIMIT,
  readFileSlice,
  type FileSlice,
} from '../../files/read-file-slice';
import { renderFileSlice } from '../../files/render-file-slice';
import { Workspace } from '../../workspace/workspace';

/** Arguments of read_file. */
export class ReadFileArgs {
  @Param({ description: 'Path of the file, relative to the workspace root', minLength: 1 })
  path!: string;

  @Param({
    description: 'First line to read, 1-based (default 1)',
    optional: true,
    integer: true,
    minimum: 1,
  })
  offset?: number;

  @Param({
    description: `Number of lines to read (default ${DEFAULT_READ_LIMIT})`,
    optional: true,
    integer: true,
    minimum: 1,
    maximum: MAX_READ_LIMIT,
  })
  limit?: number;
}

/** read_file: a window of a text file's lines, numbered; binary files are described, not shown. */
@Tool({
  name: 'read_file',
  description:
    'Read a text file from the workspace. Lines come numbered (1-based). Long files are shown in windows: ' +
    'use offset and limit to read further. Binary files are described instead of shown.',
  kind: 'read',
  readOnly: true,
  args: ReadFileArgs,
})
export class ReadFile {
  constructor(
    @inject(Workspace) private readonly workspace: Workspace,
    @inject(State.of(FileReadLog)) private readonly reads: State<FileReadLog>,
  ) {}

  async run(args: ReadFileArgs, ctx: ToolCallContext): Promise<FileSlice> {
    const slice = await readFileSlice(this.workspace, args.path, {
      offset: args.offset,
      limit: args.limit,
      signal: ctx.signal,
    });
    if (slice.type === 'text')
      await this.reads.update((log) => rememberRead(log, slice.path), { signal: ctx.signal });
    return slice;
  }

  toContent(slice: FileSlice): string {
    return renderFileSlice(slice);
  }
}
