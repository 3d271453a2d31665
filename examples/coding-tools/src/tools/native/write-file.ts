import { Param, Tool } from '@toolwright/core';
import { inject } from '@toolwright/resources';
import { describeWrite, writeTextFile, type WriteResult } from '../../files/write-text-file';
import { Workspace } from '../../workspace/workspace';

/** Arguments of write_file. */
export class WriteFileArgs {
  @Param({ description: 'Path of the file, relative to the workspace root', minLength: 1 })
  path!: string;

  @Param({ description: 'The whole new content of the file' })
  content!: string;
}

/** write_file: creates or overwrites a whole file (parent directories included), atomically. */
@Tool({
  name: 'write_file',
  description:
    'Create a file, or overwrite one completely, with the given content. Missing parent directories are ' +
    'created. To change part of an existing file, edit it instead.',
  kind: 'write',
  readOnly: false,
  annotations: { destructive: true, idempotent: true },
  args: WriteFileArgs,
})
export class WriteFile {
  constructor(@inject(Workspace) private readonly workspace: Workspace) {}

  run(args: WriteFileArgs): Promise<WriteResult> {
    return writeTextFile(this.workspace, args.path, args.content);
  }

  toContent(result: WriteResult): string {
    return describeWrite(result);
  }
}
