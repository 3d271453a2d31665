import { Param, Tool, type ToolCallContext } from '@toolwright/core';
import { inject } from '@toolwright/resources';
import { listDirectory, renderListing, type DirectoryListing } from '../../files/list-directory';
import { Workspace } from '../../workspace/workspace';

/** Arguments of list_dir. */
export class ListDirArgs {
  @Param({
    description: 'Directory to list, relative to the workspace root (default: the root)',
    optional: true,
  })
  path?: string;

  @Param({
    description: 'Levels to descend (default 1: only the directory itself)',
    optional: true,
    integer: true,
    minimum: 1,
    maximum: 5,
  })
  depth?: number;
}

/** list_dir: a directory's entries with their type and size. */
@Tool({
  name: 'list_dir',
  description:
    'List a directory: subdirectories first, then files with their sizes. Use depth to see a few levels at once.',
  kind: 'list',
  readOnly: true,
  args: ListDirArgs,
})
export class ListDir {
  constructor(@inject(Workspace) private readonly workspace: Workspace) {}

  run(args: ListDirArgs, ctx: ToolCallContext): Promise<DirectoryListing> {
    return listDirectory(this.workspace, args.path ?? '.', { depth: args.depth, signal: ctx.signal });
  }

  toContent(listing: DirectoryListing): string {
    return renderListing(listing);
  }
}
