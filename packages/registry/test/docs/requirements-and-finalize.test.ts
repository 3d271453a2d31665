import 'reflect-metadata';
import { createToken, Param, Tool, type ToolCallContext } from '@toolwright/core';
import { Expr } from '@toolwright/expr';
import { fromFactory, inject, Params } from '@toolwright/resources';
import { IsBoolean } from 'class-validator';
import {
  allow,
  deny,
  FinalizeError,
  hasParam,
  paramEquals,
  requiresTool,
  ToolRegistry,
  type FinalizeProblem,
} from '../../src';
import { erasedTool } from '../erased-tool';

describe('docs: requirements and finalize', () => {
  // #region search-replace
  class EditConfig {
    @IsBoolean() skipReadBeforeEdit = false;
  }

  class ReadFileArgs {
    @Param({ description: 'Path relative to the workspace root' }) path!: string;
  }
  @Tool({ name: 'read_file', description: 'Read a text file.', kind: 'read', args: ReadFileArgs })
  class ReadFile {
    run(args: ReadFileArgs): string {
      return `contents of ${args.path}`;
    }
  }

  class EditArgs {
    @Param({ description: 'File to edit' }) path!: string;
    @Param({ description: 'Exact text to replace' }) old_string!: string;
    @Param({ description: 'Replacement text' }) new_string!: string;
    @Param({ description: 'Replace every occurrence', optional: true }) replace_all?: boolean;
  }
  @Tool({ name: 'edit', description: 'Replace exact text in a file.', kind: 'edit', args: EditArgs })
  class Edit {
    run(args: EditArgs): string {
      return `edited ${args.path}`;
    }
  }

  class SearchReplaceArgs {
    @Param({ description: 'File to change' }) path!: string;
    @Param({ description: 'Regular expression to find' }) pattern!: string;
    @Param({ description: 'Replacement' }) replacement!: string;
  }
  @Tool({
    name: 'search_replace',
    kind: 'edit',
    args: SearchReplaceArgs,
    description:
      'Replace every match of a pattern in a file. For one exact change use ${{ tools.edit }} with ' +
      '${{ params.edit.old_string }}, ${{ params.edit.new_string }} and ${{ params.edit.replace_all }}.',
    requires: [
      // Layers 1 and 3: read_file is registered, unless this tool's params skip the read.
      Expr.or(requiresTool(ReadFile), paramEquals('skipReadBeforeEdit', true)),
      // Layers 1 and 2: edit is registered and exposes the parameters the description names.
      requiresTool('edit', Expr.and(hasParam('old_string'), hasParam('new_string'), hasParam('replace_all'))),
    ],
  })
  class SearchReplace {
    constructor(@inject(Params.of(EditConfig)) private readonly config: Params<EditConfig>) {}

    run(args: SearchReplaceArgs): string {
      return `${this.config.skipReadBeforeEdit ? 'blind' : 'checked'} replace in ${args.path}`;
    }
  }
  // #endregion

  it('finalizes the passing configuration', async () => {
    // #region finalize
    const tools = new ToolRegistry()
      .params(EditConfig, { skipReadBeforeEdit: false })
      .toolset('native', [ReadFile, Edit, SearchReplace])
      .finalize();

    const description = tools.get('search_replace')!.description;
    // 'Replace every match of a pattern in a file. For one exact change use edit with old_string,
    //  new_string and replace_all.'
    const result = await tools.call('search_replace', { path: 'a.ts', pattern: 'x', replacement: 'y' });
    // { ok: true, value: 'checked replace in a.ts', … }
    // #endregion
    expect(description).toBe(
      'Replace every match of a pattern in a file. For one exact change use edit with old_string, new_string and replace_all.',
    );
    expect(result).toMatchObject({ ok: true, value: 'checked replace in a.ts' });
  });

  it('explains the failing configuration', () => {
    let message = '';
    let problems: readonly FinalizeProblem[] = [];
    // #region finalize-error
    try {
      new ToolRegistry()
        .params(EditConfig, { skipReadBeforeEdit: false })
        .toolset('native', [Edit, SearchReplace]) // no ReadFile
        .exclusive(['edit', 'hashline_edit'], 'two editors would confuse the model')
        .finalize();
    } catch (error) {
      if (!(error instanceof FinalizeError)) throw error;
      message = error.message;
      problems = error.problems;
    }
    // message:
    // 1 problem in the tool registry
    //
    //   - search_replace requires read_file unless params.search_replace.skipReadBeforeEdit is true
    //     (it is false), and read_file is not registered.
    //     Fix: register ReadFile, or set skipReadBeforeEdit.
    //
    // problems: [{ code: 'requirement', tool: 'search_replace', message: '…', fix: '…' }]
    // #endregion
    expect(message).toBe(
      [
        '1 problem in the tool registry',
        '',
        '  - search_replace requires read_file unless params.search_replace.skipReadBeforeEdit is true',
        '    (it is false), and read_file is not registered.',
        '    Fix: register ReadFile, or set skipReadBeforeEdit.',
      ].join('\n'),
    );
    expect(problems).toMatchObject([{ code: 'requirement', tool: 'search_replace' }]);
  });

  it('checks without throwing and draws the graph', () => {
    // #region check
    const registry = new ToolRegistry()
      .params(EditConfig, { skipReadBeforeEdit: true })
      .toolset('native', [Edit, SearchReplace]);

    const report = registry.check(); // { ok: true, problems: [], tools: ['edit', 'search_replace'], text: '' }
    const graph = registry.graph();
    // nodes: tool:edit, tool:search_replace, tool:read_file (missing_tool),
    //        config:params.search_replace.skipReadBeforeEdit (holds), param:edit.old_string, …
    // edges: search_replace → read_file (requires, holds: false), search_replace → config (holds: true), …
    // #endregion
    expect(report).toEqual({ ok: true, problems: [], tools: ['edit', 'search_replace'], text: '' });
    expect(graph.nodes.map((node) => node.id)).toEqual([
      'tool:edit',
      'tool:search_replace',
      'tool:read_file',
      'config:params.search_replace.skipReadBeforeEdit',
      'param:edit.old_string',
      'param:edit.new_string',
      'param:edit.replace_all',
    ]);
    expect(graph.edges[0]).toEqual({
      from: 'tool:search_replace',
      to: 'tool:read_file',
      type: 'requires',
      holds: false,
    });
  });

  it('checks a tool that cannot be built like any other', () => {
    // #region unbuildable
    class Workspace {}
    @Tool({
      name: 'grep',
      description: 'Search files; open a hit with ${{ tools.open_file }}.',
      kind: 'search',
      requires: requiresTool('read_file'),
    })
    class Grep {
      constructor(@inject(Workspace) readonly workspace: Workspace) {}
      run(): string {
        return 'found';
      }
    }
    const report = new ToolRegistry()
      .tool(Grep) // no Workspace is provided: grep cannot be built
      .tool(Edit)
      .tool(SearchReplace) // needs edit (exposing old_string …) and read_file
      .params(EditConfig, { skipReadBeforeEdit: true })
      .check();
    // report.tools: ['grep', 'edit', 'search_replace'] — grep is registered, built or not
    // report.problems, all in one report:
    //   unbound_dependency  Grep (grep) needs Workspace, which is not bound.
    //   requirement         grep requires read_file, and read_file is not registered.
    //   template            grep's description refers to ${{ tools.open_file }}, but no tool named open_file is registered.
    // #endregion
    expect(report.tools).toEqual(['grep', 'edit', 'search_replace']);
    expect(report.problems.map((problem) => [problem.code, problem.tool])).toEqual([
      ['unbound_dependency', 'grep'],
      ['requirement', 'grep'],
      ['template', 'grep'],
    ]);
  });

  it('builds a tool on an async factory asynchronously', async () => {
    // #region async-resources
    class Database {
      constructor(readonly url: string) {}
    }
    @Tool({ name: 'query', description: 'Run a read-only query.', kind: 'read' })
    class Query {
      constructor(@inject(Database) private readonly db: Database) {}
      run(): string {
        return `rows from ${this.db.url}`;
      }
    }
    const registry = new ToolRegistry()
      .provide(
        Database,
        fromFactory(async () => new Database('postgres://db')),
      )
      .tool(Query);

    const tools = await registry.finalizeAsync(); // waits for the factory; a failure is a FinalizeError
    const result = await tools.call('query', {}); // { ok: true, value: 'rows from postgres://db' }
    // registry.finalize() works too: it checks everything else at once and starts the build, and the
    // first call waits for it (a factory that fails then is an `unavailable` result, not a problem).
    // #endregion
    expect(result).toMatchObject({ ok: true, value: 'rows from postgres://db' });
    const sync = await registry.finalize().call('query', {});
    expect(sync).toMatchObject({ ok: true, value: 'rows from postgres://db' });
    const failing = new ToolRegistry()
      .provide(
        Database,
        fromFactory(async (): Promise<Database> => {
          throw new Error('connection refused');
        }),
      )
      .tool(Query);
    await expect(failing.finalizeAsync()).rejects.toThrow(
      'Query (query) could not be built: connection refused.',
    );
    const late = await failing.finalize().call('query', {});
    expect(late).toMatchObject({ ok: false, error: { kind: 'unavailable' } });
  });

  it('refuses a run-time removal that breaks what other tools need', () => {
    // #region removal
    const tools = new ToolRegistry()
      .params(EditConfig, { skipReadBeforeEdit: false })
      .toolset('native', [ReadFile, Edit, SearchReplace])
      .finalize();
    try {
      tools.remove('read_file'); // search_replace requires it
    } catch (error) {
      // FinalizeError: search_replace requires read_file unless … and read_file is not registered.
      void error;
    }
    const names = tools.snapshot().names; // unchanged: ['read_file', 'edit', 'search_replace']
    tools.remove(['search_replace', 'read_file']); // together: nothing needs read_file any more
    // #endregion
    expect(names).toEqual(['read_file', 'edit', 'search_replace']);
    expect(tools.snapshot().names).toEqual(['edit']);
    expect(() => tools.remove('nothing')).not.toThrow();
  });

  it('changes at run time, one snapshot and one event per batch', async () => {
    // #region handle
    const tools = new ToolRegistry().tool(ReadFile).finalize();
    const unsubscribe = tools.onChange((change) => {
      // once per batch: { added: ['remote__search'], removed: [], replaced: [], snapshot, previous }
      void change;
    });

    const turn = tools.snapshot(); // an agent turn keeps one consistent tool set
    tools.batch((edit) =>
      edit.add(erasedTool({ name: 'remote__search', run: () => 'found', readOnly: true }), {
        namespace: 'mcp',
      }),
    );
    const before = turn.names; // ['read_file']
    const after = tools.snapshot().names; // ['read_file', 'remote__search']
    const definitions = tools.definitions('openai'); // cached per snapshot and format
    const result = await tools.call('remote__search', {}); // never rejects: { ok: true, value: 'found', … }
    unsubscribe();
    // #endregion
    expect(before).toEqual(['read_file']);
    expect(after).toEqual(['read_file', 'remote__search']);
    expect(tools.definitions('openai')).toBe(definitions);
    expect(result).toMatchObject({ ok: true, value: 'found' });
  });

  it('guards every call', async () => {
    // #region guard
    const Approved = createToken<boolean>('Approved'); // set by the host per call, never by the model
    const tools = new ToolRegistry()
      .toolset('native', [ReadFile, Edit])
      .guard((call, tool) =>
        tool.readOnly || call.context.get(Approved) === true ? allow() : deny('edits need approval.'),
      )
      .finalize();

    await tools.call('edit', { path: 'a', old_string: 'x', new_string: 'y' });
    // { ok: false, error: ToolError { kind: 'permission_denied', modelText: 'edit was not run: edits need approval.' } }
    await tools.call(
      'edit',
      { path: 'a', old_string: 'x', new_string: 'y' },
      { extensions: [[Approved, true]] },
    );
    // { ok: true, value: 'edited a' }
    // #endregion
    expect(await tools.call('edit', { path: 'a', old_string: 'x', new_string: 'y' })).toMatchObject({
      ok: false,
      error: { kind: 'permission_denied', modelText: 'edit was not run: edits need approval.' },
    });
    expect(
      await tools.call(
        'edit',
        { path: 'a', old_string: 'x', new_string: 'y' },
        { extensions: [[Approved, true]] },
      ),
    ).toMatchObject({ ok: true, value: 'edited a' });
  });

  it('registers a capability only when its config says so', () => {
    class ImageGenConfig {
      @IsBoolean() enabled = false;
    }
    class ImageClient {}
    @Tool({ name: 'image_gen', description: 'Generate an image.', kind: 'image_gen' })
    class ImageGen {
      constructor(@inject(ImageClient) readonly client: ImageClient) {}
      run(_args: unknown, _ctx: ToolCallContext): string {
        return 'image';
      }
    }
    const config = { imageGen: { enabled: false } };
    // #region when
    const registry = new ToolRegistry()
      .params(ImageGenConfig, config.imageGen)
      .tool(ReadFile)
      // decided now, from a plain value
      .when(config.imageGen.enabled, (r) => r.provide(ImageClient, new ImageClient()).tool(ImageGen))
      // or decided at finalize, from what is bound before it
      .when(
        (view) => view.params(ImageGenConfig)?.enabled === true,
        (r) => r.provide(ImageClient, new ImageClient()).tool(ImageGen),
      );
    const registered = registry.check().tools; // ['read_file']
    // #endregion
    expect(registered).toEqual(['read_file']);
  });
});
