import 'reflect-metadata';
import { defineTool, NoArguments, Param, Tool } from '@toolwright/core';
import { Expr } from '@toolwright/expr';
import { fromFactory, Params } from '@toolwright/resources';
import { IsBoolean, IsString, MinLength } from 'class-validator';
import { inject } from 'inversify';
import { simpleTool, throwingTool, toolNeeding, type CorpusCase } from './corpus-case';
import { hasParam, paramEquals, requiresTool, ToolRegistry } from './registry-exports';

/** Broken registries with 3–6 problems on the same tools, across layers. */
export const COMBINATIONS: readonly CorpusCase[] = [
  {
    id: 'unbuildable_duplicate_template_requirement',
    title: 'an unbuildable tool that also has a duplicate name, a bad template and an unmet requirement',
    build: () => {
      class Workspace {}
      return new ToolRegistry()
        .tool(
          toolNeeding(
            {
              name: 'grep',
              description: 'Search; then open hits with ${{ tools.open_file }}.',
              requires: requiresTool('read_file'),
            },
            Workspace,
            'Grep',
          ),
        )
        .tool(simpleTool({ name: 'grep' }, 'RipGrep'));
    },
    problems: [
      {
        code: 'unbound_dependency',
        tool: 'grep',
        says: ['Grep (grep) needs Workspace, which is not bound'],
        fix: 'registry.provide(Workspace',
      },
      {
        code: 'duplicate_name',
        tool: 'grep',
        says: ['two tools are named grep: Grep and RipGrep'],
        fix: 'rename one',
      },
      {
        code: 'requirement',
        tool: 'grep',
        says: ['grep requires read_file, and read_file is not registered'],
        fix: 'register a tool named read_file',
      },
      {
        code: 'template',
        tool: 'grep',
        says: [
          "grep's description refers to ${{ tools.open_file }}, but no tool named open_file is registered",
        ],
        fix: 'register open_file',
      },
    ],
    tools: ['grep'],
  },
  {
    id: 'rejected_definition_required_by_others',
    title: 'a rejected definition others require: it is registered, with its parameters',
    build: () => {
      class EditArgs {
        @Param({ description: 'Path' }) path!: string;
        @Param({ description: 'Old text' }) old_string!: string;
        @Param({ description: 'Lines' }) lines!: number[];
      }
      @Tool({
        name: 'edit',
        description: 'Edit. Read first with ${{ tools.view }}.',
        kind: 'editor' as never,
        args: EditArgs,
      })
      class Edit {
        run(): string {
          return 'edited';
        }
      }
      return new ToolRegistry()
        .tool(Edit)
        .tool(
          simpleTool({
            name: 'search_replace',
            requires: requiresTool('edit', hasParam('old_string')),
            description: 'Or use ${{ params.edit.old_string }}.',
          }),
        )
        .tool(simpleTool({ name: 'review', description: 'Review what ${{ tools.edit }} changed.' }));
    },
    problems: [
      {
        code: 'invalid_definition',
        tool: 'edit',
        says: ['EditArgs.lines (used by edit): reflection gives Array'],
        fix: '() => [Number]',
      },
      { code: 'invalid_kind', tool: 'edit', says: ['edit declares the kind "editor"'], fix: 'use edit' },
      {
        code: 'template',
        tool: 'edit',
        says: ["edit's description refers to ${{ tools.view }}, but no tool named view is registered"],
        fix: 'register view',
      },
    ],
    tools: ['edit', 'search_replace', 'review'],
  },
  {
    id: 'service_with_one_broken_method',
    title: 'a service class with one broken method keeps the healthy ones and their checks',
    build: () => {
      class CreateArgs {
        @Param({ description: 'Labels' }) labels!: string[];
      }
      class GitHubService {
        @Tool({
          name: 'list_issues',
          description:
            'List issues; create with ${{ tools.create_issue }}, close with ${{ tools.close_issue }}.',
          args: NoArguments,
          requires: requiresTool('auth'),
        })
        listIssues(): string[] {
          return [];
        }
        @Tool({ name: 'create_issue', description: 'Create an issue.', args: CreateArgs })
        createIssue(): string {
          return 'created';
        }
      }
      return new ToolRegistry().tool(GitHubService);
    },
    problems: [
      {
        code: 'invalid_definition',
        tool: 'create_issue',
        says: ['CreateArgs.labels (used by create_issue): reflection gives Array'],
        fix: '() => [String]',
      },
      {
        code: 'requirement',
        tool: 'list_issues',
        says: ['list_issues requires auth, and auth is not registered'],
        fix: 'register a tool named auth',
      },
      {
        code: 'template',
        tool: 'list_issues',
        says: ['${{ tools.close_issue }}, but no tool named close_issue is registered'],
        fix: 'register close_issue',
      },
    ],
    tools: ['list_issues', 'create_issue'],
  },
  {
    id: 'two_unbuildable_with_one_name',
    title: 'two tools that both cannot be built still collide',
    build: () => {
      class Workspace {}
      class Index {}
      return new ToolRegistry()
        .tool(toolNeeding({ name: 'search' }, Workspace, 'FileSearch'))
        .tool(toolNeeding({ name: 'search' }, Index, 'IndexSearch'));
    },
    problems: [
      {
        code: 'unbound_dependency',
        tool: 'search',
        says: ['FileSearch (search) needs Workspace'],
        fix: 'registry.provide(Workspace',
      },
      {
        code: 'unbound_dependency',
        tool: 'search',
        says: ['IndexSearch (search) needs Index'],
        fix: 'registry.provide(Index',
      },
      {
        code: 'duplicate_name',
        tool: 'search',
        says: ['two tools are named search: FileSearch and IndexSearch'],
        fix: 'rename one',
      },
    ],
  },
  {
    id: 'invalid_params_tool_with_more',
    title:
      'a tool injecting invalid Params that also has an unknown kind, a duplicate and an exclusive partner',
    build: () => {
      class ShellConfig {
        @IsString() @MinLength(1) shell = 'bash';
      }
      return new ToolRegistry()
        .params(ShellConfig, { shell: '' })
        .tool(toolNeeding({ name: 'run', kind: 'exec' as never }, Params.of(ShellConfig), 'Run'))
        .tool(simpleTool({ name: 'run' }, 'RunAgain'))
        .tool(simpleTool({ name: 'terminal' }))
        .exclusive(['run', 'terminal'], 'one way to run commands');
    },
    problems: [
      {
        code: 'invalid_params',
        says: ['Params<ShellConfig>.shell must be longer than or equal to 1 characters'],
        fix: 'registry.params(ShellConfig',
      },
      { code: 'invalid_kind', tool: 'run', says: ['run declares the kind "exec"'], fix: 'TOOL_KINDS' },
      {
        code: 'duplicate_name',
        tool: 'run',
        says: ['two tools are named run: Run and RunAgain'],
        fix: 'rename one',
      },
      {
        code: 'exclusive',
        tool: 'run',
        says: ['run and terminal are both registered, but they are exclusive: one way to run commands.'],
        fix: 'register only one',
      },
    ],
  },
  {
    id: 'missing_tool_by_requirement_and_three_templates',
    title: 'a missing tool referenced by a requirement and by three templates: one problem with the places',
    build: () =>
      new ToolRegistry()
        .tool(simpleTool({ name: 'edit', requires: requiresTool('read_file') }))
        .tool(simpleTool({ name: 'grep', description: 'Then read with ${{ tools.read_file }}.' }))
        .tool(simpleTool({ name: 'glob', description: 'Then read with ${{ tools.read_file }}.' }))
        .tool(simpleTool({ name: 'list_dir', description: 'Then read with ${{ tools.read_file }}.' })),
    problems: [
      {
        code: 'requirement',
        tool: 'edit',
        says: [
          'edit requires read_file, and read_file is not registered.',
          'the descriptions of grep, glob and list_dir also refer to it',
        ],
        fix: 'register a tool named read_file',
      },
    ],
  },
  {
    id: 'missing_tool_by_three_templates',
    title: 'three descriptions naming one missing tool: one problem',
    build: () =>
      new ToolRegistry()
        .tool(simpleTool({ name: 'grep', description: 'See ${{ tools.web_fetch }}.' }))
        .tool(simpleTool({ name: 'glob', description: 'See ${{ tools.web_fetch }}.' }))
        .tool(simpleTool({ name: 'ls', description: 'See ${{ params.web_fetch.url }}.' })),
    problems: [
      {
        code: 'template',
        tool: 'grep',
        says: [
          'the descriptions of grep, glob and ls refer to ${{ tools.web_fetch }} and ${{ params.web_fetch.url }}, but web_fetch is not registered',
        ],
        fix: 'take the references out of the descriptions',
      },
    ],
  },
  {
    id: 'throwing_tool_required_with_own_problems',
    title: 'a tool whose constructor throws, required by another, with its own template and NOT problems',
    build: () => {
      class ShellArgs {
        @Param({ description: 'Command' }) command!: string;
      }
      @Tool({
        name: 'shell',
        description: 'Run; never with ${{ tools.sudo }}.',
        args: ShellArgs,
        requires: Expr.not(requiresTool('sandbox')),
      })
      class Shell {
        constructor() {
          throw new Error('no PTY available');
        }
        run(): string {
          return 'ran';
        }
      }
      return new ToolRegistry()
        .tool(Shell)
        .tool(simpleTool({ name: 'sandbox' }))
        .tool(simpleTool({ name: 'run_tests', requires: requiresTool('shell', hasParam('command')) }));
    },
    problems: [
      {
        code: 'instantiation_failed',
        tool: 'shell',
        says: ['Shell (shell) could not be built: no PTY available'],
        fix: "make Shell's constructor",
      },
      {
        code: 'requirement',
        tool: 'shell',
        says: ['shell requires no sandbox, and sandbox is registered'],
        fix: 'remove sandbox',
      },
      {
        code: 'template',
        tool: 'shell',
        says: ['${{ tools.sudo }}, but no tool named sudo is registered'],
        fix: 'register sudo',
      },
    ],
    tools: ['shell', 'sandbox', 'run_tests'],
  },
  {
    id: 'rejected_name_description_and_dependency',
    title: 'a class with an invalid name, no description and an unbound dependency',
    build: () => {
      class Workspace {}
      @Tool({ name: 'read file', description: '' })
      class ReadFile {
        constructor(@inject(Workspace) readonly workspace: Workspace) {}
        run(): string {
          return 'read';
        }
      }
      return new ToolRegistry().tool(ReadFile);
    },
    problems: [
      {
        code: 'invalid_name',
        tool: 'read file',
        says: ['ReadFile: the tool name "read file" does not match'],
        fix: 'use letters',
      },
      {
        code: 'invalid_definition',
        tool: 'read file',
        says: ['has no description'],
        fix: 'say what the tool does',
      },
      {
        code: 'unbound_dependency',
        tool: 'read file',
        says: ['ReadFile (read file) needs Workspace, which is not bound'],
        fix: 'registry.provide(Workspace',
      },
    ],
  },
  {
    id: 'gated_unbuildable_duplicate_exclusive',
    title: 'a when-gated tool that cannot be built, a duplicate of an outer one, and exclusive with a third',
    build: () => {
      class ImageClient {}
      return new ToolRegistry()
        .tool(simpleTool({ name: 'image_gen' }, 'StubImageGen'))
        .tool(simpleTool({ name: 'draw' }))
        .when(
          (view) => view.hasTool('draw'),
          (registry) =>
            registry.tool(
              toolNeeding(
                { name: 'image_gen', description: 'Draw with ${{ params.draw.style }}.' },
                ImageClient,
                'ImageGen',
              ),
            ),
        )
        .exclusive(['image_gen', 'draw'], 'one image tool');
    },
    problems: [
      {
        code: 'unbound_dependency',
        tool: 'image_gen',
        says: ['ImageGen (image_gen) needs ImageClient'],
        fix: 'registry.provide(ImageClient',
      },
      {
        code: 'duplicate_name',
        tool: 'image_gen',
        says: ['two tools are named image_gen: StubImageGen and ImageGen'],
        fix: 'rename one',
      },
      {
        code: 'template',
        tool: 'image_gen',
        says: ['${{ params.draw.style }}, but draw has no parameter style'],
        fix: 'give draw a parameter style',
      },
      {
        code: 'exclusive',
        tool: 'image_gen',
        says: ['image_gen and draw are both registered'],
        fix: 'register only one',
      },
    ],
  },
  {
    id: 'function_and_class_collide',
    title:
      'a defineTool record and an unbuildable class with one name, and a template to the class’s parameter',
    build: () => {
      class Db {}
      class QueryArgs {
        @Param({ description: 'SQL' }) sql!: string;
      }
      @Tool({ name: 'query', description: 'Query.', args: QueryArgs })
      class Query {
        constructor(@inject(Db) readonly db: Db) {}
        run(): string {
          return 'rows';
        }
      }
      return new ToolRegistry()
        .tool(
          defineTool({ name: 'query', description: 'Query with ${{ params.query.table }}.' }, () => 'rows'),
        )
        .tool(Query);
    },
    problems: [
      {
        code: 'unbound_dependency',
        tool: 'query',
        says: ['Query (query) needs Db'],
        fix: 'registry.provide(Db',
      },
      { code: 'duplicate_name', tool: 'query', says: ['two tools are named query:'], fix: 'rename one' },
      {
        code: 'template',
        tool: 'query',
        says: ['${{ params.query.table }}, but query has no parameter table'],
        fix: 'give query a parameter table',
      },
    ],
  },
  {
    id: 'service_missing_args_kind_and_duplicate',
    title: 'a service with a broken method, an unknown kind on another, a duplicate on a third',
    build: () => {
      class Files {
        @Tool({ name: 'stat', description: 'Stat.' })
        stat(path: string): string {
          return path;
        }
        @Tool({ name: 'touch', description: 'Touch.', kind: 'toucher' as never, args: NoArguments })
        touch(): string {
          return 'touched';
        }
        @Tool({ name: 'ls', description: 'List.', args: NoArguments })
        ls(): string {
          return 'a b';
        }
      }
      return new ToolRegistry().tool(Files).tool(simpleTool({ name: 'ls' }, 'ListDir'));
    },
    problems: [
      {
        code: 'invalid_definition',
        tool: 'stat',
        says: ['Files.stat: takes a parameter that is neither an args class nor the context'],
        fix: 'args: SomeArgs',
      },
      { code: 'invalid_kind', tool: 'touch', says: ['touch declares the kind "toucher"'], fix: 'TOOL_KINDS' },
      {
        code: 'duplicate_name',
        tool: 'ls',
        says: ['two tools are named ls: Files.ls and ListDir'],
        fix: 'rename one',
      },
    ],
    tools: ['stat', 'touch', 'ls'],
  },
  {
    id: 'shared_invalid_params_once',
    title: 'invalid Params injected by two tools: reported once, with their exclusivity and a requirement',
    build: () => {
      class EditConfig {
        @IsBoolean() skipReadBeforeEdit = false;
      }
      return new ToolRegistry()
        .params(EditConfig, { skipReadBeforeEdit: 'no' as never })
        .tool(
          toolNeeding({ name: 'edit', requires: requiresTool('read_file') }, Params.of(EditConfig), 'Edit'),
        )
        .tool(toolNeeding({ name: 'hashline_edit' }, Params.of(EditConfig), 'HashlineEdit'))
        .exclusive(['edit', 'hashline_edit'], 'two editors');
    },
    problems: [
      {
        code: 'invalid_params',
        says: ['Params<EditConfig>.skipReadBeforeEdit must be a boolean value (got "no")'],
        fix: 'registry.params(EditConfig',
      },
      {
        code: 'requirement',
        tool: 'edit',
        says: ['edit requires read_file, and read_file is not registered'],
        fix: 'register a tool named read_file',
      },
      {
        code: 'exclusive',
        tool: 'edit',
        says: ['edit and hashline_edit are both registered'],
        fix: 'register only one',
      },
    ],
  },
  {
    id: 'bad_binding_unbound_and_path_typo',
    title: 'provide(undefined), the dependency it meant unbound, and a paramEquals typo on the same tool',
    build: () => {
      class Client {}
      class FetchConfig {
        @IsBoolean() allowHttp = false;
      }
      return new ToolRegistry()
        .provide(undefined as never, new Client())
        .params(FetchConfig, {})
        .tool(
          toolNeeding(
            { name: 'web_fetch', requires: paramEquals('FetchConfig.allowHtp', false) },
            Client,
            'WebFetch',
          ),
        );
    },
    problems: [
      {
        code: 'invalid_binding',
        says: ['registry.provide() was given undefined as its token'],
        fix: 'pass a class',
      },
      {
        code: 'unbound_dependency',
        tool: 'web_fetch',
        says: ['WebFetch (web_fetch) needs Client, which is not bound'],
        fix: 'registry.provide(Client',
      },
      {
        code: 'requirement',
        tool: 'web_fetch',
        says: ['FetchConfig has no property allowHtp', 'allowHttp'],
        fix: 'names no property',
      },
    ],
  },
  {
    id: 'configure_throws_after_registering',
    title:
      'a configure callback that throws after registering a tool, which collides and needs a missing tool',
    build: () =>
      new ToolRegistry().tool(simpleTool({ name: 'image_gen' }, 'LocalImageGen')).when(true, (registry) => {
        registry.tool(simpleTool({ name: 'image_gen', requires: requiresTool('upload') }, 'CloudImageGen'));
        throw new Error('IMAGE_API_KEY is not set');
      }),
    problems: [
      {
        code: 'invalid_registration',
        says: ['configure callback threw IMAGE_API_KEY is not set'],
        fix: 'make the callback only register',
      },
      {
        code: 'duplicate_name',
        tool: 'image_gen',
        says: ['two tools are named image_gen: LocalImageGen and CloudImageGen'],
        fix: 'rename one',
      },
      {
        code: 'requirement',
        tool: 'image_gen',
        says: ['image_gen requires upload, and upload is not registered'],
        fix: 'register a tool named upload',
      },
    ],
  },
  {
    id: 'unbuildable_invalid_namespace_requires_template',
    title: 'an unbuildable tool with an invalid namespace, a string requires, a bad template and a duplicate',
    build: () =>
      new ToolRegistry()
        .tool(
          throwingTool(
            {
              name: 'deploy',
              namespace: 'ops' as never,
              requires: 'ci' as never,
              description: 'Deploy; see ${{ tools.ci }}.',
            },
            'no credentials',
          ),
        )
        .tool(simpleTool({ name: 'deploy' }, 'DeployDryRun')),
    problems: [
      {
        code: 'invalid_namespace',
        tool: 'deploy',
        says: ['deploy declares the namespace "ops"'],
        fix: 'use one of native',
      },
      {
        code: 'invalid_requirement',
        tool: 'deploy',
        says: ["deploy's requires is not a requirement expression"],
        fix: 'requiresTool',
      },
      {
        code: 'duplicate_name',
        tool: 'deploy',
        says: ['two tools are named deploy: Deploy and DeployDryRun'],
        fix: 'rename one',
      },
      {
        code: 'template',
        tool: 'deploy',
        says: ['${{ tools.ci }}, but no tool named ci is registered'],
        fix: 'register ci',
      },
    ],
  },
  {
    id: 'async_failure_with_requirement_and_template',
    title: 'a tool on a failing async factory with an unmet requirement and a bad template',
    build: () => {
      class Api {}
      return new ToolRegistry()
        .provide(
          Api,
          fromFactory(async () => {
            throw new Error('401 Unauthorized');
          }),
        )
        .tool(
          toolNeeding(
            {
              name: 'issues',
              requires: requiresTool('auth'),
              description: 'Issues; see ${{ tools.pulls }}.',
            },
            Api,
            'Issues',
          ),
        );
    },
    problems: [
      {
        code: 'requirement',
        tool: 'issues',
        says: ['issues requires auth, and auth is not registered'],
        fix: 'register a tool named auth',
      },
      {
        code: 'template',
        tool: 'issues',
        says: ['${{ tools.pulls }}, but no tool named pulls is registered'],
        fix: 'register pulls',
      },
      {
        code: 'instantiation_failed',
        tool: 'issues',
        says: ['Issues (issues) could not be built: 401 Unauthorized'],
        fix: 'async factories',
      },
    ],
    asyncProblems: 1,
  },
];
