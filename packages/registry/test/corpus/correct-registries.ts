import 'reflect-metadata';
import { createToken, defineTool, dynamicTool, NoArguments, Param, Tool } from '@toolwright/core';
import { Expr } from '@toolwright/expr';
import { fromClass, fromFactory, Params, State } from '@toolwright/resources';
import { IsBoolean, IsInt } from 'class-validator';
import { inject } from 'inversify';
import { simpleTool, toolNeeding, type CorpusCase } from './corpus-case';
import { hasParam, paramEquals, requiresKind, requiresTool, ToolRegistry } from './registry-exports';

/** Correct registries of the same shapes as the broken ones: they must finalize with no problem. */
export const CORRECT_REGISTRIES: readonly CorpusCase[] = [
  {
    id: 'ok_service_class',
    title: 'a service class whose methods share an injected client and require each other',
    build: () => {
      class Api {
        readonly name = 'api';
      }
      class IssueArgs {
        @Param({ description: 'Title', minLength: 1 }) title!: string;
      }
      class GitHub {
        constructor(@inject(Api) readonly api: Api) {}
        @Tool({
          name: 'list_issues',
          description: 'List issues; open one with ${{ tools.create_issue }}.',
          args: NoArguments,
        })
        listIssues(): string {
          return `issues from ${this.api.name}`;
        }
        @Tool({
          name: 'create_issue',
          description: 'Create an issue.',
          requires: requiresTool('list_issues'),
        })
        createIssue(args: IssueArgs): string {
          return `created ${args.title}`;
        }
      }
      return new ToolRegistry().provide(Api, new Api()).tool(GitHub);
    },
    problems: [],
    tools: ['list_issues', 'create_issue'],
    call: { tool: 'create_issue', args: { title: 'bug' }, text: 'created bug' },
  },
  {
    id: 'ok_when_gating',
    title: 'when gating by a boolean and by a view of the bindings',
    build: () => {
      class ImageConfig {
        @IsBoolean() enabled = false;
      }
      class ImageClient {
        readonly name = 'images';
      }
      return new ToolRegistry()
        .params(ImageConfig, { enabled: true })
        .tool(simpleTool({ name: 'read_file', kind: 'read' }))
        .when(false, (registry) => registry.tool(simpleTool({ name: 'never' })))
        .when(
          (view) => view.params(ImageConfig)?.enabled === true && view.hasTool('read_file'),
          (registry) =>
            registry
              .provide(ImageClient, new ImageClient())
              .tool(toolNeeding({ name: 'image_gen' }, ImageClient, 'ImageGen')),
        )
        .when(
          (view) => view.has(createToken('Unbound')),
          (registry) => registry.tool(simpleTool({ name: 'hidden' })),
        );
    },
    problems: [],
    tools: ['read_file', 'image_gen'],
    call: { tool: 'image_gen', args: {}, text: 'ran image_gen with images' },
  },
  {
    id: 'ok_params_and_state',
    title: 'Params and State injected, a paramEquals that holds, params templates',
    build: () => {
      class EditConfig {
        @IsBoolean() skipReadBeforeEdit = false;
      }
      class Counter {
        @IsInt() count = 0;
      }
      class EditArgs {
        @Param({ description: 'Old' }) old_string!: string;
        @Param({ description: 'New' }) new_string!: string;
      }
      @Tool({ name: 'edit', description: 'Edit.', kind: 'edit', args: EditArgs })
      class Edit {
        constructor(
          @inject(Params.of(EditConfig)) readonly config: EditConfig,
          @inject(State.of(Counter)) readonly counter: State<Counter>,
        ) {}
        run(args: EditArgs): string {
          return `${args.old_string}->${args.new_string}`;
        }
      }
      return new ToolRegistry()
        .params(EditConfig, { skipReadBeforeEdit: true })
        .state(Counter, { count: 1 })
        .tool(Edit)
        .tool(
          toolNeeding(
            {
              name: 'blind_replace',
              description: 'Use ${{ params.edit.old_string }} and ${{ params.edit.new_string }}.',
              requires: Expr.and(
                paramEquals('skipReadBeforeEdit', true),
                requiresTool('edit', Expr.and(hasParam('old_string'), hasParam('new_string'))),
              ),
            },
            Params.of(EditConfig),
            'BlindReplace',
          ),
        );
    },
    problems: [],
    tools: ['edit', 'blind_replace'],
    call: { tool: 'edit', args: { old_string: 'a', new_string: 'b' }, text: 'a->b' },
  },
  {
    id: 'ok_async_resource',
    title: 'a tool injecting an async fromFactory (docs/resources.md): built asynchronously',
    build: () => {
      class Client {
        constructor(readonly name: string) {}
      }
      return new ToolRegistry()
        .provide(
          Client,
          fromFactory(async () => {
            await new Promise((resolve) => setTimeout(resolve, 5));
            return new Client('connected');
          }),
        )
        .tool(toolNeeding({ name: 'remote_search' }, Client, 'RemoteSearch'));
    },
    problems: [],
    tools: ['remote_search'],
    call: { tool: 'remote_search', args: {}, text: 'ran remote_search with connected' },
  },
  {
    id: 'ok_async_service',
    title: 'a service class on an async factory: both methods wait for the one instance',
    build: () => {
      class Db {
        constructor(readonly name: string) {}
      }
      class Store {
        constructor(@inject(Db) readonly db: Db) {}
        @Tool({ name: 'get', description: 'Get.', args: NoArguments, readOnly: true })
        get(): string {
          return `get from ${this.db.name}`;
        }
        @Tool({ name: 'put', description: 'Put; read back with ${{ tools.get }}.', args: NoArguments })
        async *put(): AsyncGenerator<string, string> {
          yield 'writing';
          return `put into ${this.db.name}`;
        }
      }
      return new ToolRegistry()
        .provide(
          Db,
          fromFactory(async () => new Db('db')),
        )
        .tool(Store);
    },
    problems: [],
    tools: ['get', 'put'],
    call: { tool: 'put', args: {}, text: 'put into db' },
  },
  {
    id: 'ok_from_class_and_tokens',
    title: 'fromClass chains and createToken',
    build: () => {
      const Root = createToken<string>('Root');
      class Store {
        name = 'store';
      }
      class DiskStore extends Store {
        constructor(@inject(Root) readonly root: string) {
          super();
          this.name = `disk at ${root}`;
        }
      }
      return new ToolRegistry()
        .provide(Root, '/tmp')
        .provide(Store, fromClass(DiskStore))
        .tool(toolNeeding({ name: 'save' }, Store, 'Save'));
    },
    problems: [],
    call: { tool: 'save', args: {}, text: 'ran save with disk at /tmp' },
  },
  {
    id: 'ok_functions_dynamic_and_kinds',
    title: 'defineTool, dynamicTool, requiresKind and a template by kind',
    build: () =>
      new ToolRegistry()
        .tool(defineTool({ name: 'view', description: 'View a file.', kind: 'read' }, () => 'viewed'))
        .tool(
          dynamicTool({
            name: 'remote__search',
            description: 'Search remotely.',
            parameters: { type: 'object', properties: {} },
            run: () => 'found',
          }),
          { namespace: 'mcp' },
        )
        .tool(
          simpleTool({
            name: 'summarize',
            description: 'Read with ${{ tools.read }} first.',
            requires: requiresKind('read'),
          }),
        ),
    problems: [],
    tools: ['view', 'remote__search', 'summarize'],
  },
  {
    id: 'ok_not_and_exclusive',
    title: 'a NOT that holds and an exclusivity rule with one of its tools registered',
    build: () =>
      new ToolRegistry()
        .tool(simpleTool({ name: 'edit' }))
        .tool(simpleTool({ name: 'sandboxed_exec', requires: Expr.not(requiresTool('shell')) }))
        .exclusive(['edit', 'apply_patch'], 'two editors'),
    problems: [],
  },
  {
    id: 'ok_restore_snapshot',
    title: 'a restored snapshot of Params and State',
    build: () => {
      class EditConfig {
        @IsBoolean() skipReadBeforeEdit = false;
      }
      return new ToolRegistry()
        .params(EditConfig, {})
        .restore({ version: 1, params: { EditConfig: { skipReadBeforeEdit: true } }, state: {} } as never)
        .tool(simpleTool({ name: 'blind', requires: paramEquals('EditConfig.skipReadBeforeEdit', true) }));
    },
    problems: [],
  },
  {
    id: 'ok_inline_and_streaming',
    title: 'inline parameters and a streaming tool',
    build: () => {
      @Tool({ name: 'add', description: 'Add two numbers.' })
      class Add {
        run(@Param('a') a: number, @Param('b') b: number): number {
          return a + b;
        }
      }
      @Tool({ name: 'count_up', description: 'Count; add with ${{ params.add.a }}.', args: NoArguments })
      class CountUp {
        async *execute(): AsyncGenerator<string, string> {
          yield 'one';
          return 'two';
        }
      }
      return new ToolRegistry().tool(Add).tool(CountUp);
    },
    problems: [],
    call: { tool: 'add', args: { a: 2, b: 3 }, text: '5' },
  },
];
