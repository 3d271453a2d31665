import { Param, Tool, type ToolCallContext } from '@toolwright/core';
import { inject } from '@toolwright/resources';
import { DEFAULT_MAX_PATHS, findFiles, renderFoundFiles, type FoundFiles } from '../../search/find-files';
import { Workspace } from '../../workspace/workspace';

/** Arguments of glob. */
export class GlobArgs {
  @Param({
    description: 'A glob relative to path: * and ? within a name, ** across directories, {a,b} alternatives',
    minLength: 1,
    examples: ['**/*.ts', 'src/**/*.{js,ts}'],
  })
  pattern!: string;

  @Param({
    description: 'Directory the pattern is relative to (default: the workspace root)',
    optional: true,
  })
  path?: string;

  @Param({
    description: `Most paths to return (default ${DEFAULT_MAX_PATHS})`,
    optional: true,
    integer: true,
    minimum: 1,
    maximum: 5000,
  })
  max_results?: number;
}

/** glob: the files matching a pattern, sorted, capped. */
@Tool({
  name: 'glob',
  description:
    'Find files by name pattern, such as "**/*.test.ts". Returns paths relative to the workspace root, ' +
    'sorted. node_modules and .git are not searched.',
  kind: 'glob',
  readOnly: true,
  args: GlobArgs,
})
export class Glob {
  constructor(@inject(Workspace) private readonly workspace: Workspace) {}

  run(args: GlobArgs, ctx: ToolCallContext): Promise<FoundFiles> {
    return findFiles(this.workspace, args.pattern, {
      base: args.path,
      maxResults: args.max_results,
      signal: ctx.signal,
    });
  }

  toContent(found: FoundFiles): string {
    return renderFoundFiles(found);
  }
}
