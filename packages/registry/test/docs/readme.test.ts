// The code of packages/registry/README.md (its npm page), compiled and run here.
// #region readme
import 'reflect-metadata';
import { Param, Tool } from '@toolwright/core';
import { inject, Params } from '@toolwright/resources';
import { FinalizeError, requiresTool, ToolRegistry } from '@toolwright/registry';
import { IsInt, Min } from 'class-validator';

class Workspace {
  constructor(readonly files: Map<string, string>) {}
}
class ReadConfig {
  @IsInt() @Min(1) maxLines = 2000;
}

class PathArgs {
  @Param({ description: 'Path relative to the workspace root', minLength: 1 }) path!: string;
}

@Tool({ name: 'read_file', description: 'Read a text file.', kind: 'read', readOnly: true, args: PathArgs })
class ReadFile {
  constructor(
    readonly workspace: Workspace, // injected by its class
    @inject(Params.of(ReadConfig)) readonly config: Params<ReadConfig>,
  ) {}
  run(args: PathArgs): string {
    const lines = (this.workspace.files.get(args.path) ?? '').split('\n');
    return lines.slice(0, this.config.maxLines).join('\n');
  }
}

@Tool({
  name: 'delete_file',
  description: 'Delete a file.',
  kind: 'delete',
  args: PathArgs,
  requires: requiresTool('read_file'),
})
class DeleteFile {
  constructor(readonly workspace: Workspace) {}
  run(args: PathArgs): string {
    return this.workspace.files.delete(args.path) ? `deleted ${args.path}` : `no file ${args.path}`;
  }
}

const tools = new ToolRegistry()
  .provide(Workspace, new Workspace(new Map([['a.txt', 'one\ntwo']])))
  .params(ReadConfig, { maxLines: 1 })
  .toolset('native', [ReadFile, DeleteFile])
  .finalize(); // checks everything at once; throws a FinalizeError listing every problem

// await tools.call('read_file', '{"path":"a.txt"}')  →  { ok: true, value: 'one', … }

let report = '';
try {
  new ToolRegistry()
    .provide(Workspace, new Workspace(new Map()))
    .params(ReadConfig, { maxLines: 0 })
    .tool(DeleteFile)
    .finalize();
} catch (error) {
  if (error instanceof FinalizeError) report = error.message;
}
// report:
// 2 problems in the tool registry
//
//   - Params<ReadConfig>.maxLines must not be less than 1 (got 0).
//     Fix: pass a valid value: registry.params(ReadConfig, { … }).
//   - delete_file requires read_file, and read_file is not registered.
//     Fix: register a tool named read_file.
// #endregion

describe('packages/registry/README.md', () => {
  it('finalizes the registry and calls a tool with its injected resource and Params', async () => {
    expect(tools.tools().map((tool) => tool.name)).toEqual(['read_file', 'delete_file']);
    expect(await tools.call('read_file', '{"path":"a.txt"}')).toMatchObject({ ok: true, value: 'one' });
  });

  it('explains every problem of a broken registry', () => {
    expect(report).toContain('2 problems in the tool registry');
    expect(report).toContain('  - Params<ReadConfig>.maxLines must not be less than 1 (got 0).');
    expect(report).toContain('  - delete_file requires read_file, and read_file is not registered.');
  });
});
