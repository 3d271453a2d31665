import 'reflect-metadata';
import { defineTool, Param, Tool } from '@toolwright/core';
import { inject } from 'inversify';
import { ToolRegistry, type RegistrableTool } from '../src';
import { erasedTool } from './erased-tool';

describe('registering tools', () => {
  it('takes a service class (each @Tool method a tool, one instance), a defineTool record and an erased tool', async () => {
    class Api {
      calls = 0;
    }
    class IssueArgs {
      @Param({ description: 'Issue title' }) title!: string;
    }
    class GitHubService {
      constructor(@inject(Api) private readonly api: Api) {}

      @Tool({ name: 'list_issues', description: 'List open issues.', readOnly: true })
      listIssues(): number {
        return ++this.api.calls;
      }

      @Tool({ name: 'create_issue', description: 'Open an issue.' })
      createIssue(args: IssueArgs): string {
        this.api.calls += 1;
        return `created ${args.title} (${this.api.calls})`;
      }
    }
    class AddArgs {
      @Param({ description: 'Left', integer: true }) a!: number;
      @Param({ description: 'Right', integer: true }) b!: number;
    }
    const add = defineTool(
      { name: 'add', description: 'Add two integers.', args: AddArgs },
      (args: AddArgs) => args.a + args.b,
    );
    const api = new Api();
    const tools = new ToolRegistry()
      .provide(Api, api)
      .toolset('user', [GitHubService, add, erasedTool({ name: 'ping', run: () => 'pong' })])
      .finalize();

    expect(tools.snapshot().names).toEqual(['list_issues', 'create_issue', 'add', 'ping']);
    expect(tools.tools().every((tool) => tool.namespace === 'user')).toBe(true);
    expect(tools.get('list_issues')).toMatchObject({ readOnly: true, source: 'GitHubService.listIssues' });
    expect(await tools.call('list_issues', {})).toMatchObject({ ok: true, value: 1 });
    expect(await tools.call('create_issue', { title: 'bug' })).toMatchObject({
      ok: true,
      value: 'created bug (2)',
    });
    expect(await tools.call('add', '{"a":2,"b":"3"}')).toMatchObject({ ok: true, value: 5 });
    expect(api.calls).toBe(2);
  });

  it('classifies a dialect’s tools by their names, and the erased definition agrees', () => {
    class ReadArgs {
      @Param({ description: 'Path' }) file_path!: string;
    }
    @Tool({ name: 'read_file', description: 'Read a file.', args: ReadArgs })
    class CodexReadFile {
      run(args: ReadArgs): string {
        return args.file_path;
      }
    }
    const tools = new ToolRegistry().toolset('codex', [CodexReadFile]).finalize();
    const tool = tools.get('read_file')!;
    expect(tool).toMatchObject({ kind: 'read', label: 'Read', namespace: 'codex', readOnly: true });
    expect(tool.erased.definition).toMatchObject({ kind: 'read', namespace: 'codex', readOnly: true });
  });

  it('reports something that is not a tool', () => {
    const report = new ToolRegistry().tool(42 as unknown as RegistrableTool).check();
    expect(report.problems).toEqual([
      {
        code: 'invalid_definition',
        message: 'registry.tool() was given a number, which is neither a tool class nor an erased tool.',
        fix: 'pass a @Tool class, a service class with @Tool methods, a defineTool record, or an erased tool.',
      },
    ]);
  });
});
