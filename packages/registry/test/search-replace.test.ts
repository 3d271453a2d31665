import 'reflect-metadata';
import { Param, Tool } from '@toolwright/core';
import { Expr } from '@toolwright/expr';
import { Params } from '@toolwright/resources';
import { IsBoolean } from 'class-validator';
import { inject } from 'inversify';
import { FinalizeError, hasParam, paramEquals, requiresTool, ToolRegistry } from '../src';

// The example of docs/requirements-and-finalize.md: search_replace needs read_file unless its params say
// skipReadBeforeEdit, and needs the edit tool to expose the parameters its description refers to.
function editingTools(options: { editHasReplaceAll: boolean }) {
  class EditConfig {
    @IsBoolean() skipReadBeforeEdit = false;
  }

  class ReadFileArgs {
    @Param({ description: 'Path relative to the workspace root', minLength: 1 })
    path!: string;
  }
  @Tool({
    name: 'read_file',
    description: 'Read a text file.',
    kind: 'read',
    readOnly: true,
    args: ReadFileArgs,
  })
  class ReadFile {
    run(args: ReadFileArgs): string {
      return `contents of ${args.path}`;
    }
  }

  class EditArgs {
    @Param({ description: 'File to edit' }) path!: string;
    @Param({ description: 'Exact text to replace' }) old_string!: string;
    @Param({ description: 'Replacement text' }) new_string!: string;
  }
  class EditAllArgs extends EditArgs {
    @Param({ description: 'Replace every occurrence', optional: true }) replace_all?: boolean;
  }
  const editArgs = options.editHasReplaceAll ? EditAllArgs : EditArgs;
  @Tool({ name: 'edit', description: 'Replace exact text in a file.', kind: 'edit', args: editArgs })
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
      Expr.or(requiresTool(ReadFile), paramEquals('skipReadBeforeEdit', true)),
      requiresTool('edit', Expr.and(hasParam('old_string'), hasParam('new_string'), hasParam('replace_all'))),
    ],
  })
  class SearchReplace {
    constructor(@inject(Params.of(EditConfig)) private readonly config: Params<EditConfig>) {}

    run(args: SearchReplaceArgs): string {
      return `${this.config.skipReadBeforeEdit ? 'blind' : 'checked'} replace in ${args.path}`;
    }
  }

  return { EditConfig, ReadFile, Edit, SearchReplace };
}

function finalizeError(registry: ToolRegistry): FinalizeError {
  try {
    registry.finalize();
  } catch (error) {
    if (error instanceof FinalizeError) return error;
    throw error;
  }
  throw new Error('expected finalize() to fail');
}

describe('the search_replace example', () => {
  it('passes with read_file registered, and renders the description with the names registered', async () => {
    const { EditConfig, ReadFile, Edit, SearchReplace } = editingTools({ editHasReplaceAll: true });
    const tools = new ToolRegistry()
      .params(EditConfig, { skipReadBeforeEdit: false })
      .toolset('native', [ReadFile, Edit, SearchReplace])
      .finalize();

    expect(tools.snapshot().names).toEqual(['read_file', 'edit', 'search_replace']);
    expect(tools.get('search_replace')!.description).toBe(
      'Replace every match of a pattern in a file. For one exact change use edit with old_string, new_string and replace_all.',
    );
    const result = await tools.call('search_replace', { path: 'a.ts', pattern: 'x', replacement: 'y' });
    expect(result.ok && result.value).toBe('checked replace in a.ts');
  });

  it('passes without read_file when the params say skipReadBeforeEdit', () => {
    const { EditConfig, Edit, SearchReplace } = editingTools({ editHasReplaceAll: true });
    const registry = new ToolRegistry()
      .params(EditConfig, { skipReadBeforeEdit: true })
      .toolset('native', [Edit, SearchReplace]);
    expect(registry.check()).toMatchObject({ ok: true, problems: [], tools: ['edit', 'search_replace'] });
  });

  it('fails without read_file, saying why in words and how to fix it', () => {
    const { EditConfig, Edit, SearchReplace } = editingTools({ editHasReplaceAll: true });
    const error = finalizeError(
      new ToolRegistry()
        .params(EditConfig, { skipReadBeforeEdit: false })
        .toolset('native', [Edit, SearchReplace]),
    );
    expect(error.message).toBe(
      [
        '1 problem in the tool registry',
        '',
        '  - search_replace requires read_file unless params.search_replace.skipReadBeforeEdit is true',
        '    (it is false), and read_file is not registered.',
        '    Fix: register ReadFile, or set skipReadBeforeEdit.',
      ].join('\n'),
    );
    expect(error.problems).toEqual([
      {
        code: 'requirement',
        tool: 'search_replace',
        message:
          'search_replace requires read_file unless params.search_replace.skipReadBeforeEdit is true (it is false), and read_file is not registered.',
        fix: 'register ReadFile, or set skipReadBeforeEdit.',
      },
    ]);
  });

  it('fails when edit does not expose replace_all, once (the template reference is the same fact)', () => {
    const { EditConfig, ReadFile, Edit, SearchReplace } = editingTools({ editHasReplaceAll: false });
    const report = new ToolRegistry()
      .params(EditConfig, { skipReadBeforeEdit: false })
      .toolset('native', [ReadFile, Edit, SearchReplace])
      .check();
    expect(report.problems).toEqual([
      {
        code: 'requirement',
        tool: 'search_replace',
        message:
          'search_replace requires edit with the parameters old_string, new_string and replace_all, and edit has no parameter replace_all.',
        fix: 'give edit a parameter replace_all.',
      },
    ]);
  });
});
