import 'reflect-metadata';
import { inject } from 'inversify';
import {
  Complete,
  createToken,
  Param,
  Prompt,
  Resource,
  ResourceTemplate,
  Tool,
  ToolError,
  type CompletionContext,
} from '@toolwright/core';
import { FinalizeError, ToolRegistry } from '@toolwright/registry';
import { catalogCapabilities, handleCatalogRequest } from '@toolwright/mcp';

// The snippets of docs/resources-and-prompts.md, compiled and run here.

interface Files {
  read(path: string): string | undefined;
  list(prefix: string): string[];
}
const Workspace = createToken<Files>('Workspace');
const files: Record<string, string> = { 'README.md': '# toolwright', 'src/index.ts': 'export {};' };
const workspace: Files = {
  read: (path) => files[path],
  list: (prefix) => Object.keys(files).filter((path) => path.startsWith(prefix)),
};

// #region service
class ReviewArgs {
  @Param({ description: 'The file to review' })
  path!: string;

  @Param({ description: 'What to look for', enum: ['bugs', 'style', 'tests'], default: 'bugs' })
  focus?: string;
}

export class WorkspaceService {
  constructor(@inject(Workspace) private readonly workspace: Files) {}

  @Tool({ name: 'read_file', description: 'Read a file of the workspace.', readOnly: true })
  readFile(@Param('path') path: string): string {
    return this.workspace.read(path) ?? '';
  }

  @Resource({
    uri: 'workspace://readme',
    name: 'readme',
    description: 'The README.',
    mimeType: 'text/markdown',
  })
  readme(): string {
    return this.workspace.read('README.md') ?? '';
  }

  @ResourceTemplate({
    uriTemplate: 'workspace:///{+path}',
    name: 'file',
    description: 'Any file of the workspace, by path.',
    mimeType: 'text/plain',
  })
  file(@Param('path', { description: 'Relative to the root' }) path: string): string {
    const text = this.workspace.read(path);
    if (text === undefined) throw ToolError.notFound(`${path} does not exist.`);
    return text;
  }

  @Complete({ resourceTemplate: 'file', argument: 'path' })
  completePath(value: string, _context: CompletionContext): string[] {
    return this.workspace.list(value);
  }

  @Prompt({
    name: 'review',
    description: 'Review one file; the model reads it with ${{ tools.read_file }}.',
    args: ReviewArgs,
  })
  review(args: ReviewArgs) {
    return [
      {
        role: 'user' as const,
        content: `Review ${args.path} for ${args.focus}. Read it with \${{ tools.read_file }}.`,
      },
      {
        role: 'user' as const,
        content: {
          type: 'resource' as const,
          resource: { uri: `workspace:///${args.path}`, text: files[args.path] ?? '' },
        },
      },
    ];
  }
}
// #endregion

describe('docs: resources and prompts', () => {
  it('registers the service and reads its catalog from the snapshot', async () => {
    // #region register
    const handle = new ToolRegistry()
      .provide(Workspace, workspace)
      .toolset('native', [WorkspaceService])
      .finalize();

    const { catalog } = handle.snapshot();
    catalog.resources.map((entry) => entry.definition.uri); // ['workspace://readme']
    // The template matches: [{ uri: 'workspace:///src/index.ts', mimeType: 'text/plain', text: 'export {};' }]
    const read = await catalog.read('workspace:///src/index.ts');
    // Its first message: { type: 'text', text: 'Review README.md for bugs. Read it with read_file.' }
    const prompt = await catalog.getPrompt('review', { path: 'README.md' });
    // #endregion
    expect(handle.tools().map((tool) => tool.name)).toEqual(['read_file']);
    expect(catalog.resources.map((entry) => entry.definition.uri)).toEqual(['workspace://readme']);
    expect(read?.contents).toEqual([
      { uri: 'workspace:///src/index.ts', mimeType: 'text/plain', text: 'export {};' },
    ]);
    expect(prompt?.messages[0]?.content).toEqual({
      type: 'text',
      text: 'Review README.md for bugs. Read it with read_file.',
    });
    expect(prompt?.messages[1]?.content).toEqual({
      type: 'resource',
      resource: { uri: 'workspace:///README.md', text: '# toolwright' },
    });
    expect(catalog.prompts[0]!.definition).toEqual({
      name: 'review',
      description: 'Review one file; the model reads it with read_file.',
      arguments: [
        { name: 'path', description: 'The file to review', required: true },
        { name: 'focus', description: 'What to look for', required: false },
      ],
    });
  });

  it('answers MCP requests with the catalog handlers', async () => {
    const handle = new ToolRegistry().provide(Workspace, workspace).tool(WorkspaceService).finalize();
    // #region handlers
    const snapshot = handle.snapshot();
    catalogCapabilities(snapshot); // { resources: {…}, prompts: {…}, completions: {} }

    const completion = await handleCatalogRequest(
      snapshot,
      'completion/complete',
      {
        ref: { type: 'ref/resource', uri: 'workspace:///{+path}' },
        argument: { name: 'path', value: 'src/' },
      },
      { revision: '2025-11-25' },
    );
    // { ok: true, result: { completion: { values: ['src/index.ts'], total: 1, hasMore: false } } }

    const missing = await handleCatalogRequest(
      snapshot,
      'resources/read',
      { uri: 'workspace:///nope.ts' },
      {
        revision: '2026-07-28',
      },
    );
    // { ok: false, error: { code: -32602, message: 'Resource not found: workspace:///nope.ts', data: { uri: … } } }
    // #endregion
    expect(catalogCapabilities(snapshot)).toEqual({
      resources: { subscribe: false, listChanged: false },
      prompts: { listChanged: false },
      completions: {},
    });
    expect(completion).toEqual({
      ok: true,
      result: { completion: { values: ['src/index.ts'], total: 1, hasMore: false } },
    });
    expect(missing).toEqual({
      ok: false,
      error: {
        code: -32602,
        message: 'Resource not found: workspace:///nope.ts',
        data: { uri: 'workspace:///nope.ts' },
      },
    });
  });

  it('checks the catalog at finalize, in the one report', () => {
    // #region problems
    class Broken {
      @ResourceTemplate({ uriTemplate: 'workspace://blame/{+path}', name: 'blame' })
      blame(@Param('file') file: string): string {
        return file;
      }

      @Prompt({ name: 'review' })
      review(): string {
        return 'Review.';
      }

      @Prompt({ name: 'triage', description: 'Search with ${{ tools.grep }} first.' })
      triage(): string {
        return 'Triage.';
      }
    }
    // #endregion
    let thrown: unknown;
    try {
      new ToolRegistry().provide(Workspace, workspace).tool(WorkspaceService).tool(Broken).finalize();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(FinalizeError);
    expect((thrown as FinalizeError).message).toBe(PROBLEMS);
  });
});

// The text docs/resources-and-prompts.md shows.
const PROBLEMS = `4 problems in the tool registry

  - the resource template workspace://blame/{+path} (Broken.blame) has the variable path, but
    Broken.blame has no @Param named path.
    Fix: add @Param('path') (or an args-class property path) to Broken.blame, or take {path} out
    of the template.
  - Broken.blame takes the @Param file, but its resource template workspace://blame/{+path} has
    no variable file, so no URI can give it.
    Fix: add {file} (or {?file}) to the template, or remove the param.
  - two prompts are named review: WorkspaceService.review and Broken.review.
    Fix: rename one of them, or register only one.
  - the prompt triage's text refers to \${{ tools.grep }}, but no tool named grep is registered.
    Fix: register grep, or take the reference out.`;
