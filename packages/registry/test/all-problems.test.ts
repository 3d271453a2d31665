import 'reflect-metadata';
import { Param, Tool } from '@toolwright/core';
import { Expr } from '@toolwright/expr';
import { IsBoolean, IsInt } from 'class-validator';
import { Params } from '@toolwright/resources';
import { inject } from 'inversify';
import { FinalizeError, paramEquals, requiresTool, ToolRegistry, type FinalizeProblemCode } from '../src';

describe('finalize() with one of every problem', () => {
  it('reports them all at once, each with its fix, in words', () => {
    class EditConfig {
      @IsBoolean() skipReadBeforeEdit = false;
    }
    class ShellConfig {
      @IsInt() timeoutMs = 1000;
    }
    class Workspace {}

    @Tool({ name: 'read file', description: 'Read a file.' })
    class BadlyNamed {
      run(): string {
        return '';
      }
    }

    @Tool({ name: 'grep', description: 'Search file contents.', kind: 'search' })
    class Grep {
      run(): string {
        return '';
      }
    }
    @Tool({ name: 'grep', description: 'Search with ripgrep.', kind: 'search' })
    class RipGrep {
      run(): string {
        return '';
      }
    }

    class EditOp {
      @Param({ description: 'Text to find' }) find!: string;
    }
    class EditArgs {
      @Param({ description: 'The edits' }) edits!: EditOp[];
    }
    @Tool({ name: 'multi_edit', description: 'Apply several edits.', args: EditArgs })
    class MultiEdit {
      run(args: EditArgs): number {
        return args.edits.length;
      }
    }

    @Tool({ name: 'fetch_page', description: 'Fetch a page.', kind: 'fetcher' })
    class FetchPage {
      run(): string {
        return '';
      }
    }

    @Tool({ name: 'vendor_tool', description: 'A vendor tool.', namespace: 'vendor' })
    class VendorTool {
      run(): string {
        return '';
      }
    }

    @Tool({ name: 'list_dir', description: 'List a directory.', kind: 'list' })
    class ListDir {
      constructor(@inject(Workspace) readonly workspace: Workspace) {}
      run(): string {
        return '';
      }
    }

    @Tool({ name: 'flaky', description: 'Fails to start.' })
    class Flaky {
      constructor() {
        throw new Error('no API key in the environment');
      }
      run(): string {
        return '';
      }
    }

    @Tool({ name: 'read_file', description: 'Read a file.', kind: 'read' })
    class ReadFile {
      run(): string {
        return '';
      }
    }
    @Tool({
      name: 'search_replace',
      description: 'Replace text in a file.',
      kind: 'edit',
      requires: Expr.or(requiresTool(ReadFile), paramEquals('skipReadBeforeEdit', true)),
    })
    class SearchReplace {
      constructor(@inject(Params.of(EditConfig)) readonly config: Params<EditConfig>) {}
      run(): string {
        return '';
      }
    }

    @Tool({ name: 'patch', description: 'Apply a patch.', kind: 'patch', requires: 'read_file' })
    class Patch {
      run(): string {
        return '';
      }
    }

    @Tool({ name: 'research', description: 'Look things up with ${{ tools.web_search }}.' })
    class Research {
      run(): string {
        return '';
      }
    }

    @Tool({ name: 'edit', description: 'Replace exact text.', kind: 'edit' })
    class Edit {
      run(): string {
        return '';
      }
    }
    @Tool({ name: 'hashline_edit', description: 'Edit by line hashes.', kind: 'edit' })
    class HashlineEdit {
      run(): string {
        return '';
      }
    }

    const registry = new ToolRegistry()
      .params(EditConfig, { skipReadBeforeEdit: false })
      .params(ShellConfig, { timeoutMs: 'soon' as unknown as number })
      .toolset('native', [BadlyNamed, Grep, RipGrep, MultiEdit, FetchPage, ListDir, Flaky])
      .tool(VendorTool)
      .tool(SearchReplace)
      .tool(Patch)
      .tool(Research)
      .tool(Edit)
      .tool(HashlineEdit)
      .exclusive(['edit', 'hashline_edit'], 'two editors would confuse the model');

    let error: unknown;
    try {
      registry.finalize();
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(FinalizeError);
    const problems = (error as FinalizeError).problems;
    const codes: FinalizeProblemCode[] = [
      'invalid_name',
      'duplicate_name',
      'invalid_definition',
      'invalid_kind',
      'invalid_namespace',
      'invalid_params',
      'unbound_dependency',
      'instantiation_failed',
      'requirement',
      'invalid_requirement',
      'template',
      'exclusive',
    ];
    expect(new Set(problems.map((problem) => problem.code))).toEqual(new Set(codes));
    for (const problem of problems) expect(problem.fix).not.toBe('');
    expect(`FinalizeError: ${(error as FinalizeError).message}`).toBe(EXPECTED);
    expect(registry.check().text).toBe((error as FinalizeError).message);
    expect((error as FinalizeError).tools).toEqual(registry.check().tools);
  });
});

const EXPECTED = [
  'FinalizeError: 12 problems in the tool registry',
  '',
  '  - Params<ShellConfig>.timeoutMs must be an integer number (got "soon").',
  '    Fix: pass a valid value: registry.params(ShellConfig, { … }).',
  '  - EditArgs.edits (used by multi_edit): reflection gives Array; say the item type.',
  '    Fix: @Param({ type: () => [Item] }) — e.g. () => [String], () => [Number] or () =>',
  '    [SomeArgsClass].',
  '  - fetch_page declares the kind "fetcher", which is not a known kind.',
  '    Fix: use fetch, another of TOOL_KINDS, or other.',
  '  - ListDir (list_dir) needs Workspace, which is not bound.',
  '    Fix: registry.provide(Workspace, …).',
  '  - Flaky (flaky) could not be built: no API key in the environment.',
  "    Fix: make Flaky's constructor (and the factories it needs) succeed when the registry is",
  '    finalized.',
  '  - vendor_tool declares the namespace "vendor", which is not one of native, codex, opencode,',
  '    mcp, user, internal.',
  '    Fix: use one of native, codex, opencode, mcp, user, internal (tools imported from an MCP',
  '    server belong in mcp).',
  "  - patch's requires is not a requirement expression.",
  '    Fix: build it with requiresTool, requiresKind, hasParam, paramEquals and Expr.and/or/not',
  '    from @toolwright/expr.',
  '  - two tools are named grep: Grep and RipGrep.',
  '    Fix: rename one of them, or register only one.',
  '  - BadlyNamed: the tool name "read file" does not match ^[a-zA-Z0-9_-]{1,64}$ (the limit',
  '    providers enforce).',
  '    Fix: use letters, digits, _ and -, at most 64 characters, e.g. read_file.',
  '  - search_replace requires read_file unless params.search_replace.skipReadBeforeEdit is true',
  '    (it is false), and read_file is not registered.',
  '    Fix: register ReadFile, or set skipReadBeforeEdit.',
  "  - research's description refers to ${{ tools.web_search }}, but no tool named web_search is",
  '    registered.',
  '    Fix: register web_search, or take the reference out of the description.',
  '  - edit and hashline_edit are both registered, but they are exclusive: two editors would',
  '    confuse the model.',
  '    Fix: register only one of edit and hashline_edit.',
].join('\n');
