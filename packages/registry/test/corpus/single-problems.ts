import 'reflect-metadata';
import { createToken, defineTool, NoArguments, Param, Tool } from '@toolwright/core';
import { Expr } from '@toolwright/expr';
import {
  hasParam,
  paramEquals,
  requiresKind,
  requiresTool,
  ToolRegistry,
  type ToolRegistration,
} from './registry-exports';
import { fromClass, fromFactory, Params, State } from '@toolwright/resources';
import { IsBoolean, IsInt, IsString, MinLength } from 'class-validator';
import { inject } from 'inversify';
import { simpleTool, throwingTool, toolNeeding, type CorpusCase } from './corpus-case';

const NAME_FIX = 'use letters, digits, _ and -, at most 64 characters';

/** Broken registries, each seeding one problem of a distinct kind. */
export const SINGLE_PROBLEMS: readonly CorpusCase[] = [
  // ── definitions (core reads them; the registry reports them) ──
  {
    id: 'name_with_space',
    title: 'a tool name with a space',
    build: () => new ToolRegistry().tool(simpleTool({ name: 'list files' }, 'ListFiles')),
    problems: [
      {
        code: 'invalid_name',
        tool: 'list files',
        says: ['ListFiles: the tool name "list files" does not match'],
        fix: NAME_FIX,
      },
    ],
  },
  {
    id: 'name_too_long',
    title: 'a tool name of 65 characters',
    build: () => new ToolRegistry().tool(simpleTool({ name: 'a'.repeat(65) }, 'LongName')),
    problems: [
      {
        code: 'invalid_name',
        tool: 'a'.repeat(65),
        says: ['LongName: the tool name', 'does not match'],
        fix: NAME_FIX,
      },
    ],
  },
  {
    id: 'no_description',
    title: 'a tool without a description',
    build: () => new ToolRegistry().tool(simpleTool({ name: 'quiet', description: '' })),
    problems: [
      {
        code: 'invalid_definition',
        tool: 'quiet',
        says: ['Quiet.run: the tool quiet has no description'],
        fix: 'say what the tool does',
      },
    ],
    tools: ['quiet'],
  },
  {
    id: 'no_run',
    title: 'a @Tool class with neither run nor execute',
    build: () => {
      @Tool({ name: 'idle', description: 'Does nothing.' })
      class Idle {}
      return new ToolRegistry().tool(Idle);
    },
    problems: [
      {
        code: 'invalid_definition',
        tool: 'idle',
        says: ['Idle: is a @Tool class (idle) with neither run nor execute'],
        fix: 'implement run(args, ctx)',
      },
    ],
    tools: ['idle'],
  },
  {
    id: 'array_without_item_type',
    title: 'an array property without its item type',
    build: () => {
      class EditOp {
        @Param({ description: 'Text to find' }) find!: string;
      }
      class BatchArgs {
        @Param({ description: 'The edits' }) edits!: EditOp[];
      }
      @Tool({ name: 'multi_edit', description: 'Apply several edits.', args: BatchArgs })
      class MultiEdit {
        run(args: BatchArgs): number {
          return args.edits.length;
        }
      }
      return new ToolRegistry().tool(MultiEdit);
    },
    problems: [
      {
        code: 'invalid_definition',
        tool: 'multi_edit',
        says: ['BatchArgs.edits (used by multi_edit): reflection gives Array'],
        fix: '@Param({ type: () => [Item] })',
      },
    ],
  },
  {
    id: 'args_class_named_like_tool',
    title: 'a reflection gap in an args class whose name starts with the tool class name (used by is kept)',
    build: () => {
      class EditArgs {
        @Param({ description: 'Paths' }) paths!: string[];
      }
      @Tool({ name: 'edit', description: 'Edit files.', args: EditArgs })
      class Edit {
        run(args: EditArgs): number {
          return args.paths.length;
        }
      }
      return new ToolRegistry().tool(Edit);
    },
    problems: [
      {
        code: 'invalid_definition',
        tool: 'edit',
        says: ['EditArgs.paths (used by edit): reflection gives Array'],
        fix: '() => [String]',
      },
    ],
  },
  {
    id: 'union_property',
    title: 'a property typed as a union (reflection gives Object)',
    build: () => {
      class ModeArgs {
        @Param({ description: 'Mode' }) mode!: 'fast' | 'slow' | number;
      }
      @Tool({ name: 'set_mode', description: 'Set the mode.', args: ModeArgs })
      class SetMode {
        run(): string {
          return 'set';
        }
      }
      return new ToolRegistry().tool(SetMode);
    },
    problems: [
      {
        code: 'invalid_definition',
        tool: 'set_mode',
        says: ['ModeArgs.mode (used by set_mode): reflection gives Object'],
        fix: '@Param({ enum: [...] })',
      },
    ],
  },
  {
    id: 'initializer_only_type',
    title: 'a property whose type comes only from its initializer',
    build: () => {
      class PageArgs {
        @Param({ description: 'Lines per page' }) limit = 10;
      }
      @Tool({ name: 'page', description: 'Read a page.', args: PageArgs })
      class Page {
        run(args: PageArgs): number {
          return args.limit;
        }
      }
      return new ToolRegistry().tool(Page);
    },
    problems: [
      {
        code: 'invalid_definition',
        tool: 'page',
        says: ['PageArgs.limit (used by page)', 'comes only from its initializer (limit = 10)'],
        fix: 'limit: number = 10',
      },
    ],
  },
  {
    id: 'param_on_constructor',
    title: '@Param on a constructor parameter',
    build: () => {
      @Tool({ name: 'odd', description: 'Odd.' })
      class Odd {
        constructor(@Param('x') readonly x: string) {}
        run(): string {
          return 'odd';
        }
      }
      return new ToolRegistry().tool(Odd);
    },
    problems: [
      {
        code: 'invalid_definition',
        says: ['Odd constructor: @Param is on a constructor parameter'],
        fix: 'inject dependencies with @inject(Token)',
      },
    ],
    tools: ['odd'],
  },
  {
    id: 'two_tool_decorators',
    title: 'two @Tool decorators on one class',
    build: () => {
      @Tool({ name: 'first', description: 'First.' })
      @Tool({ name: 'second', description: 'Second.' })
      class Twice {
        run(): string {
          return 'twice';
        }
      }
      return new ToolRegistry().tool(Twice);
    },
    problems: [
      {
        code: 'invalid_definition',
        says: ['Twice: has 2 @Tool decorators; a class is one tool'],
        fix: 'keep one @Tool on the class',
      },
    ],
  },
  {
    id: 'validator_without_param',
    title: 'a class-validator decorator on a property without @Param',
    build: () => {
      class NoteArgs {
        @Param({ description: 'Text' }) text!: string;
        @IsInt() count!: number;
      }
      @Tool({ name: 'note', description: 'Take a note.', args: NoteArgs })
      class Note {
        run(args: NoteArgs): string {
          return args.text;
        }
      }
      return new ToolRegistry().tool(Note);
    },
    problems: [
      { code: 'invalid_definition', tool: 'note', says: ['NoteArgs.count (used by note)'], fix: '@Param' },
    ],
  },
  {
    id: 'empty_enum',
    title: 'an empty enum',
    build: () => {
      class ColourArgs {
        @Param({ description: 'Colour', enum: [] }) colour!: string;
      }
      @Tool({ name: 'paint', description: 'Paint.', args: ColourArgs })
      class Paint {
        run(): string {
          return 'painted';
        }
      }
      return new ToolRegistry().tool(Paint);
    },
    problems: [
      {
        code: 'invalid_definition',
        tool: 'paint',
        says: ['ColourArgs.colour (used by paint)', 'enum'],
        fix: '',
      },
    ],
  },
  {
    id: 'negative_timeout',
    title: 'a negative timeoutMs',
    build: () => new ToolRegistry().tool(simpleTool({ name: 'slow', timeoutMs: -5 })),
    problems: [
      {
        code: 'invalid_definition',
        tool: 'slow',
        says: ['Slow.run: timeoutMs must be a positive number (it is -5)'],
        fix: 'set timeoutMs to the call deadline',
      },
    ],
  },
  {
    id: 'inline_params_out_of_order',
    title: 'inline @Param parameters after the context',
    build: () => {
      @Tool({ name: 'add', description: 'Add.' })
      class Add {
        run(first: unknown, @Param('b') b: number): number {
          return b;
        }
      }
      return new ToolRegistry().tool(Add);
    },
    problems: [
      {
        code: 'invalid_definition',
        tool: 'add',
        says: ['Add.run: the @Param parameters must come first'],
        fix: 'decorate every argument parameter',
      },
    ],
  },
  {
    id: 'args_and_inline_params',
    title: 'an args class and inline @Param parameters',
    build: () => {
      class SumArgs {
        @Param({ description: 'A' }) a!: number;
      }
      @Tool({ name: 'sum', description: 'Sum.', args: SumArgs })
      class Sum {
        run(@Param('b') b: number): number {
          return b;
        }
      }
      return new ToolRegistry().tool(Sum);
    },
    problems: [
      {
        code: 'invalid_definition',
        tool: 'sum',
        says: ['Sum.run: has both an args class'],
        fix: 'use one style',
      },
    ],
  },
  {
    id: 'method_without_args_class',
    title: 'a service method taking a parameter that is not an args class',
    build: () => {
      class Service {
        @Tool({ name: 'lookup', description: 'Look up.' })
        lookup(key: string): string {
          return key;
        }
      }
      return new ToolRegistry().tool(Service);
    },
    problems: [
      {
        code: 'invalid_definition',
        tool: 'lookup',
        says: ['Service.lookup: takes a parameter that is neither an args class nor the context'],
        fix: 'args: SomeArgs',
      },
    ],
  },
  {
    id: 'not_a_tool',
    title: 'a class without @Tool registered',
    build: () => {
      class Helper {
        run(): string {
          return 'help';
        }
      }
      return new ToolRegistry().tool(Helper);
    },
    problems: [
      {
        code: 'invalid_definition',
        says: ['Helper: is not a tool'],
        fix: 'add @Tool({ name, description }) to Helper',
      },
    ],
    tools: [],
  },
  {
    id: 'not_a_class',
    title: 'a number given to registry.tool()',
    build: () => new ToolRegistry().tool(42 as unknown as ToolRegistration),
    problems: [
      { code: 'invalid_definition', says: ['registry.tool() was given a number'], fix: 'pass a @Tool class' },
    ],
  },
  {
    id: 'thunk_of_two',
    title: 'a type thunk returning two entries',
    build: () => {
      class PairArgs {
        @Param({ description: 'Pair', type: () => [String, Number] as never }) pair!: unknown[];
      }
      @Tool({ name: 'pair', description: 'Pair.', args: PairArgs })
      class Pair {
        run(): string {
          return 'pair';
        }
      }
      return new ToolRegistry().tool(Pair);
    },
    problems: [
      {
        code: 'invalid_definition',
        tool: 'pair',
        says: ['PairArgs.pair (used by pair): its type thunk returns an array of 2 entries'],
        fix: 'exactly one item type',
      },
    ],
  },
  {
    id: 'thunk_throws',
    title: 'a type thunk that throws',
    build: () => {
      class LateArgs {
        @Param({
          description: 'Late',
          type: () => {
            throw new Error('not yet defined');
          },
        })
        late!: unknown;
      }
      @Tool({ name: 'late', description: 'Late.', args: LateArgs })
      class Late {
        run(): string {
          return 'late';
        }
      }
      return new ToolRegistry().tool(Late);
    },
    problems: [
      {
        code: 'invalid_definition',
        tool: 'late',
        says: ['LateArgs.late (used by late): its type thunk threw: not yet defined'],
        fix: 'make the thunk return a class',
      },
    ],
  },
  {
    id: 'output_class_gap',
    title: 'a reflection gap in the output class',
    build: () => {
      class Report {
        @Param({ description: 'Lines' }) lines!: string[];
      }
      @Tool({ name: 'report', description: 'Report.', args: NoArguments, output: Report })
      class MakeReport {
        run(): Report {
          return new Report();
        }
      }
      return new ToolRegistry().tool(MakeReport);
    },
    problems: [
      {
        code: 'invalid_definition',
        tool: 'report',
        says: ['Report.lines (used by report): reflection gives Array'],
        fix: '@Param({ type: () => [Item] })',
      },
    ],
  },
  // ── registration ──
  {
    id: 'unknown_kind',
    title: 'a kind outside the taxonomy',
    build: () => new ToolRegistry().tool(simpleTool({ name: 'fetch_page', kind: 'fetcher' as never })),
    problems: [
      {
        code: 'invalid_kind',
        tool: 'fetch_page',
        says: ['fetch_page declares the kind "fetcher", which is not a known kind'],
        fix: 'use fetch',
      },
    ],
  },
  {
    id: 'unknown_namespace',
    title: 'a namespace outside the closed set',
    build: () => new ToolRegistry().tool(simpleTool({ name: 'vendor_tool', namespace: 'vendor' as never })),
    problems: [
      {
        code: 'invalid_namespace',
        tool: 'vendor_tool',
        says: ['vendor_tool declares the namespace "vendor"'],
        fix: 'use one of native',
      },
    ],
  },
  {
    id: 'toolset_unknown_namespace',
    title: 'toolset() with an unknown namespace',
    build: () => new ToolRegistry().toolset('plugins' as never, [simpleTool({ name: 'plug' })]),
    problems: [
      {
        code: 'invalid_namespace',
        tool: 'plug',
        says: ['plug declares the namespace "plugins"'],
        fix: 'use one of native',
      },
    ],
  },
  {
    id: 'requires_a_string',
    title: 'requires given as a string',
    build: () => new ToolRegistry().tool(simpleTool({ name: 'patch', requires: 'read_file' as never })),
    problems: [
      {
        code: 'invalid_requirement',
        tool: 'patch',
        says: ["patch's requires is not a requirement expression"],
        fix: 'requiresTool',
      },
    ],
  },
  {
    id: 'duplicate_classes',
    title: 'two classes with one name',
    build: () =>
      new ToolRegistry()
        .tool(simpleTool({ name: 'grep' }, 'Grep'))
        .tool(simpleTool({ name: 'grep' }, 'RipGrep')),
    problems: [
      {
        code: 'duplicate_name',
        tool: 'grep',
        says: ['two tools are named grep: Grep and RipGrep'],
        fix: 'rename one of them',
      },
    ],
  },
  {
    id: 'duplicate_define_tool',
    title: 'a defineTool record and a class with one name',
    build: () =>
      new ToolRegistry()
        .tool(defineTool({ name: 'clock', description: 'The time.' }, () => 'noon'))
        .tool(simpleTool({ name: 'clock' }, 'SystemClock')),
    problems: [
      {
        code: 'duplicate_name',
        tool: 'clock',
        says: ['two tools are named clock:', 'SystemClock'],
        fix: 'rename one of them',
      },
    ],
  },
  {
    id: 'three_with_one_name',
    title: 'three tools with one name: one problem',
    build: () =>
      new ToolRegistry()
        .tool(simpleTool({ name: 'find' }, 'FindA'))
        .tool(simpleTool({ name: 'find' }, 'FindB'))
        .tool(simpleTool({ name: 'find' }, 'FindC')),
    problems: [
      {
        code: 'duplicate_name',
        tool: 'find',
        says: ['three tools are named find: FindA, FindB and FindC'],
        fix: 'rename all but one',
      },
    ],
  },
  {
    id: 'duplicate_service_method',
    title: 'a service method and a class tool with one name',
    build: () => {
      class Issues {
        @Tool({ name: 'list_issues', description: 'List issues.', args: NoArguments })
        listIssues(): string[] {
          return [];
        }
      }
      return new ToolRegistry().tool(Issues).tool(simpleTool({ name: 'list_issues' }, 'ListIssues'));
    },
    problems: [
      {
        code: 'duplicate_name',
        tool: 'list_issues',
        says: ['two tools are named list_issues: Issues.listIssues and ListIssues'],
        fix: 'rename one',
      },
    ],
  },
  // ── resources ──
  {
    id: 'unbound_class_token',
    title: 'a dependency nothing provides',
    build: () => {
      class Workspace {}
      return new ToolRegistry().tool(toolNeeding({ name: 'list_dir' }, Workspace, 'ListDir'));
    },
    problems: [
      {
        code: 'unbound_dependency',
        tool: 'list_dir',
        says: ['ListDir (list_dir) needs Workspace, which is not bound'],
        fix: 'registry.provide(Workspace, …)',
      },
    ],
    tools: ['list_dir'],
  },
  {
    id: 'unbound_created_token',
    title: 'a createToken dependency nothing provides',
    build: () => {
      const ApiKey = createToken<string>('ApiKey');
      return new ToolRegistry().tool(toolNeeding({ name: 'search_web' }, ApiKey, 'SearchWeb'));
    },
    problems: [
      {
        code: 'unbound_dependency',
        tool: 'search_web',
        says: ['SearchWeb (search_web) needs ApiKey, which is not bound'],
        fix: 'registry.provide(ApiKey, …)',
      },
    ],
  },
  {
    id: 'interface_parameter',
    title: 'a constructor parameter typed by an interface, without @inject',
    build: () => {
      interface Clock {
        now(): number;
      }
      @Tool({ name: 'time', description: 'The time.' })
      class Time {
        constructor(readonly clock: Clock) {}
        run(): number {
          return this.clock.now();
        }
      }
      return new ToolRegistry().tool(Time);
    },
    problems: [
      {
        code: 'unbound_dependency',
        tool: 'time',
        says: ['has no injection token', 'Object'],
        fix: 'add @inject(Token)',
      },
    ],
  },
  {
    id: 'unbound_through_from_class',
    title: 'a dependency of a fromClass binding nothing provides',
    build: () => {
      class Root {}
      class Store {}
      class DiskStore {
        constructor(@inject(Root) readonly root: Root) {}
      }
      return new ToolRegistry()
        .provide(Store, fromClass(DiskStore))
        .tool(toolNeeding({ name: 'save' }, Store, 'Save'));
    },
    problems: [
      {
        code: 'unbound_dependency',
        tool: 'save',
        says: ['Save (save) needs Root (through Store), which is not bound'],
        fix: 'registry.provide(Root, …)',
      },
    ],
  },
  {
    id: 'constructor_throws',
    title: 'a constructor that throws',
    build: () => new ToolRegistry().tool(throwingTool({ name: 'flaky' }, 'no API key in the environment')),
    problems: [
      {
        code: 'instantiation_failed',
        tool: 'flaky',
        says: ['Flaky (flaky) could not be built: no API key in the environment.'],
        fix: "make Flaky's constructor",
      },
    ],
    tools: ['flaky'],
  },
  {
    id: 'factory_throws',
    title: 'a factory that throws',
    build: () => {
      class Client {}
      return new ToolRegistry()
        .provide(
          Client,
          fromFactory(() => {
            throw new Error('connection refused');
          }),
        )
        .tool(toolNeeding({ name: 'query' }, Client, 'Query'));
    },
    problems: [
      {
        code: 'instantiation_failed',
        tool: 'query',
        says: ['Query (query) could not be built: connection refused'],
        fix: 'factories it needs',
      },
    ],
  },
  {
    id: 'async_factory_rejects',
    title: 'an async factory that rejects',
    build: () => {
      class Client {}
      return new ToolRegistry()
        .provide(
          Client,
          fromFactory(async () => {
            await Promise.resolve();
            throw new Error('TLS handshake failed');
          }),
        )
        .tool(toolNeeding({ name: 'remote' }, Client, 'Remote'));
    },
    problems: [
      {
        code: 'instantiation_failed',
        tool: 'remote',
        says: ['Remote (remote) could not be built: TLS handshake failed'],
        fix: 'async factories',
      },
    ],
    asyncProblems: 1,
  },
  {
    id: 'invalid_params_injected',
    title: 'an invalid Params value a tool injects: reported once',
    build: () => {
      class TestConfig {
        @IsString() @MinLength(1) command = 'npm test';
      }
      return new ToolRegistry()
        .params(TestConfig, { command: '' })
        .tool(toolNeeding({ name: 'run_tests' }, Params.of(TestConfig), 'RunTests'));
    },
    problems: [
      {
        code: 'invalid_params',
        says: [
          'Params<TestConfig>.command must be longer than or equal to 1 characters (got "" (empty string))',
        ],
        fix: 'registry.params(TestConfig',
      },
    ],
    tools: ['run_tests'],
  },
  {
    id: 'params_unknown_property',
    title: 'a Params value with a property its class does not declare',
    build: () => {
      class EditConfig {
        @IsBoolean() skipReadBeforeEdit = false;
      }
      return new ToolRegistry()
        .params(EditConfig, { skipReadBeforeEdit: true, typo: 1 } as never)
        .tool(simpleTool({ name: 'noop' }));
    },
    problems: [
      {
        code: 'invalid_params',
        says: ['Params<EditConfig>.typo is not a property of EditConfig'],
        fix: 'registry.params(EditConfig',
      },
    ],
  },
  {
    id: 'invalid_state_injected',
    title: 'an invalid State value a tool injects',
    build: () => {
      class Counter {
        @IsInt() count = 0;
      }
      return new ToolRegistry()
        .state(Counter, { count: 'many' as never })
        .tool(toolNeeding({ name: 'count' }, State.of(Counter), 'Count'));
    },
    problems: [
      {
        code: 'invalid_params',
        says: ['State<Counter>.count must be an integer number'],
        fix: 'registry.state(Counter',
      },
    ],
  },
  {
    id: 'restore_unknown_key',
    title: 'a restored snapshot with a key nothing binds',
    build: () => {
      class EditConfig {
        @IsBoolean() skipReadBeforeEdit = false;
      }
      return new ToolRegistry()
        .params(EditConfig, {})
        .restore({ version: 1, params: { Gone: { x: 1 } }, state: {} } as never)
        .tool(simpleTool({ name: 'noop' }));
    },
    problems: [{ code: 'invalid_params', says: ['Gone'], fix: '' }],
  },
  {
    id: 'params_token_unbound',
    title: 'Params.of(X) injected, X never bound',
    build: () => {
      class ShellConfig {
        @IsInt() timeoutMs = 1000;
      }
      return new ToolRegistry().tool(toolNeeding({ name: 'shell' }, Params.of(ShellConfig), 'Shell'));
    },
    problems: [
      {
        code: 'unbound_dependency',
        tool: 'shell',
        says: ['Shell (shell) needs Params<ShellConfig>, which is not bound'],
        fix: 'registry.params(ShellConfig, { … })',
      },
    ],
  },
  {
    id: 'provide_undefined_token',
    title: 'provide(undefined, …)',
    build: () => new ToolRegistry().provide(undefined as never, 1).tool(simpleTool({ name: 'noop' })),
    problems: [
      {
        code: 'invalid_binding',
        says: ['registry.provide() was given undefined as its token'],
        fix: 'pass a class or createToken',
      },
    ],
  },
  {
    id: 'provide_params_token',
    title: 'provide(Params.of(X), …)',
    build: () => {
      class EditConfig {
        @IsBoolean() skipReadBeforeEdit = false;
      }
      return new ToolRegistry()
        .provide(Params.of(EditConfig), { skipReadBeforeEdit: true })
        .tool(simpleTool({ name: 'noop' }));
    },
    problems: [
      {
        code: 'invalid_binding',
        says: ['registry.provide() was given Params<EditConfig> as its token', 'params token'],
        fix: 'params(EditConfig, value)',
      },
    ],
  },
  {
    id: 'provide_state_token',
    title: 'provide(State.of(X), …)',
    build: () => {
      class Counter {
        @IsInt() count = 0;
      }
      return new ToolRegistry()
        .provide(State.of(Counter), { count: 1 } as never)
        .tool(simpleTool({ name: 'noop' }));
    },
    problems: [
      { code: 'invalid_binding', says: ['State<Counter>', 'state token'], fix: 'state(Counter, value)' },
    ],
  },
  {
    id: 'when_condition_throws',
    title: 'a when condition that throws',
    build: () =>
      new ToolRegistry().tool(simpleTool({ name: 'noop' })).when(
        () => {
          throw new Error('config.imageGen is undefined');
        },
        (registry) => registry.tool(simpleTool({ name: 'image_gen' })),
      ),
    problems: [
      {
        code: 'invalid_registration',
        says: ['a registry.when condition threw config.imageGen is undefined.'],
        fix: 'cannot throw',
      },
    ],
  },
  {
    id: 'when_configure_throws_later',
    title: 'a deferred when configure callback that throws',
    build: () =>
      new ToolRegistry().tool(simpleTool({ name: 'noop' })).when(
        () => true,
        () => {
          throw new Error('no client');
        },
      ),
    problems: [
      {
        code: 'invalid_registration',
        says: ['a registry.when configure callback threw no client.'],
        fix: 'make the callback only register',
      },
    ],
  },
  {
    id: 'when_configure_throws_now',
    title: 'a when(true) configure callback that throws',
    build: () =>
      new ToolRegistry().tool(simpleTool({ name: 'noop' })).when(true, () => {
        throw new TypeError('client is not a function');
      }),
    problems: [
      {
        code: 'invalid_registration',
        says: ['configure callback threw TypeError: client is not a function'],
        fix: 'make the callback only register',
      },
    ],
  },
  {
    id: 'guard_not_a_function',
    title: 'a guard that is not a function',
    build: () => new ToolRegistry().tool(simpleTool({ name: 'noop' })).guard('allow' as never),
    problems: [
      {
        code: 'invalid_registration',
        says: ['registry.guard() was given string, not a function'],
        fix: 'pass a function',
      },
    ],
  },
  {
    id: 'exclusive_not_a_list',
    title: 'exclusive() given a string',
    build: () =>
      new ToolRegistry().tool(simpleTool({ name: 'noop' })).exclusive('edit' as never, 'one editor'),
    problems: [
      {
        code: 'invalid_registration',
        says: ['registry.exclusive() expects an array of tool names'],
        fix: 'pass the names and a reason',
      },
    ],
  },
  // ── requirements ──
  {
    id: 'requires_missing_tool',
    title: 'a required tool that is not registered',
    build: () => new ToolRegistry().tool(simpleTool({ name: 'edit', requires: requiresTool('read_file') })),
    problems: [
      {
        code: 'requirement',
        tool: 'edit',
        says: ['edit requires read_file, and read_file is not registered'],
        fix: 'register a tool named read_file',
      },
    ],
  },
  {
    id: 'requires_missing_class',
    title: 'a required class that is not registered: the fix names it',
    build: () => {
      const ReadFile = simpleTool({ name: 'read_file' }, 'ReadFile');
      return new ToolRegistry().tool(simpleTool({ name: 'edit', requires: requiresTool(ReadFile) }));
    },
    problems: [
      {
        code: 'requirement',
        tool: 'edit',
        says: ['edit requires read_file, and read_file is not registered'],
        fix: 'register ReadFile',
      },
    ],
  },
  {
    id: 'requires_missing_kind',
    title: 'a required kind nothing has',
    build: () =>
      new ToolRegistry().tool(simpleTool({ name: 'research', requires: requiresKind('web_search') })),
    problems: [
      {
        code: 'requirement',
        tool: 'research',
        says: ['research requires a tool of kind web_search, and no tool of kind web_search is registered'],
        fix: 'register a tool of kind web_search',
      },
    ],
  },
  {
    id: 'required_tool_lacks_param',
    title: 'a required tool without a parameter it must expose',
    build: () => {
      class EditArgs {
        @Param({ description: 'Path' }) path!: string;
      }
      @Tool({ name: 'edit', description: 'Edit.', args: EditArgs })
      class Edit {
        run(): string {
          return 'edited';
        }
      }
      return new ToolRegistry()
        .tool(Edit)
        .tool(
          simpleTool({ name: 'search_replace', requires: requiresTool('edit', hasParam('replace_all')) }),
        );
    },
    problems: [
      {
        code: 'requirement',
        tool: 'search_replace',
        says: [
          'search_replace requires edit with the parameter replace_all, and edit has no parameter replace_all',
        ],
        fix: 'give edit a parameter replace_all',
      },
    ],
  },
  {
    id: 'param_equals_false',
    title: 'a params value that does not have the required value',
    build: () => {
      class EditConfig {
        @IsBoolean() skipReadBeforeEdit = false;
      }
      return new ToolRegistry()
        .params(EditConfig, { skipReadBeforeEdit: false })
        .tool(
          toolNeeding(
            { name: 'blind_edit', requires: paramEquals('skipReadBeforeEdit', true) },
            Params.of(EditConfig),
            'BlindEdit',
          ),
        );
    },
    problems: [
      {
        code: 'requirement',
        tool: 'blind_edit',
        says: ['blind_edit requires params.blind_edit.skipReadBeforeEdit is true (it is false)'],
        fix: 'set skipReadBeforeEdit',
      },
    ],
  },
  {
    id: 'param_equals_unknown_property',
    title: 'a paramEquals path that names no property',
    build: () => {
      class EditConfig {
        @IsBoolean() skipReadBeforeEdit = false;
        @IsInt() maxLines = 100;
      }
      return new ToolRegistry()
        .params(EditConfig, {})
        .tool(
          toolNeeding(
            { name: 'blind_edit', requires: paramEquals('skipRead', true) },
            Params.of(EditConfig),
            'BlindEdit',
          ),
        );
    },
    problems: [
      {
        code: 'requirement',
        tool: 'blind_edit',
        says: ['EditConfig has no property skipRead', 'its properties are skipReadBeforeEdit and maxLines'],
        fix: "paramEquals('skipRead', …) names no property",
      },
    ],
  },
  {
    id: 'not_tool_violated',
    title: 'a NOT requirement violated',
    build: () =>
      new ToolRegistry()
        .tool(simpleTool({ name: 'shell' }))
        .tool(simpleTool({ name: 'sandboxed_exec', requires: Expr.not(requiresTool('shell')) })),
    problems: [
      {
        code: 'requirement',
        tool: 'sandboxed_exec',
        says: ['sandboxed_exec requires no shell, and shell is registered'],
        fix: 'remove shell',
      },
    ],
  },
  {
    id: 'not_kind_violated',
    title: 'a NOT kind requirement violated',
    build: () =>
      new ToolRegistry()
        .tool(simpleTool({ name: 'bash', kind: 'shell' }))
        .tool(simpleTool({ name: 'safe_mode', requires: Expr.not(requiresKind('shell')) })),
    problems: [
      {
        code: 'requirement',
        tool: 'safe_mode',
        says: ['safe_mode requires no tool of kind shell, and a tool of kind shell is registered'],
        fix: 'remove the tools of kind shell',
      },
    ],
  },
  {
    id: 'either_tool_missing',
    title: 'an OR of two missing tools',
    build: () =>
      new ToolRegistry().tool(
        simpleTool({
          name: 'summarize',
          requires: Expr.or(requiresTool('read_file'), requiresTool('fetch_url')),
        }),
      ),
    problems: [
      {
        code: 'requirement',
        tool: 'summarize',
        says: [
          'summarize requires read_file or fetch_url',
          'read_file is not registered and fetch_url is not registered',
        ],
        fix: 'register a tool named read_file, or register a tool named fetch_url',
      },
    ],
  },
  {
    id: 'param_equals_unbound_params',
    title: 'a paramEquals on params nobody binds',
    build: () =>
      new ToolRegistry().tool(
        simpleTool({ name: 'deploy', requires: paramEquals('params.deploy.enabled', true) }),
      ),
    problems: [
      {
        code: 'requirement',
        tool: 'deploy',
        says: ['deploy requires params.deploy.enabled is true (it is not set'],
        fix: 'enabled',
      },
    ],
  },
  {
    id: 'own_param_missing',
    title: 'a tool requiring a parameter of its own it lacks',
    build: () => new ToolRegistry().tool(simpleTool({ name: 'open', requires: hasParam('path') })),
    problems: [
      {
        code: 'requirement',
        tool: 'open',
        says: ['open requires open with the parameter path, and open has no parameter path'],
        fix: 'give open a parameter path',
      },
    ],
  },
  // ── templates ──
  {
    id: 'template_missing_tool',
    title: 'a description naming a tool that is not registered',
    build: () =>
      new ToolRegistry().tool(
        simpleTool({ name: 'find_docs', description: 'Find docs; then use ${{ tools.web_search }}.' }),
      ),
    problems: [
      {
        code: 'template',
        tool: 'find_docs',
        says: [
          "find_docs's description refers to ${{ tools.web_search }}, but no tool named web_search is registered",
        ],
        fix: 'register web_search, or take the reference out of the description',
      },
    ],
  },
  {
    id: 'template_missing_param',
    title: 'a description naming a parameter the tool lacks',
    build: () => {
      class EditArgs {
        @Param({ description: 'Path' }) path!: string;
      }
      @Tool({ name: 'edit', description: 'Edit.', args: EditArgs })
      class Edit {
        run(): string {
          return 'edited';
        }
      }
      return new ToolRegistry()
        .tool(Edit)
        .tool(simpleTool({ name: 'guide', description: 'Use ${{ params.edit.old_string }}.' }));
    },
    problems: [
      {
        code: 'template',
        tool: 'guide',
        says: [
          "guide's description refers to ${{ params.edit.old_string }}, but edit has no parameter old_string",
        ],
        fix: 'give edit a parameter old_string',
      },
    ],
  },
  {
    id: 'template_param_of_missing_tool',
    title: 'a description naming a parameter of a tool that is not registered',
    build: () =>
      new ToolRegistry().tool(simpleTool({ name: 'guide', description: 'Use ${{ params.edit.path }}.' })),
    problems: [
      {
        code: 'template',
        tool: 'guide',
        says: ["guide's description refers to ${{ params.edit.path }}, but edit is not registered"],
        fix: 'register edit',
      },
    ],
  },
  {
    id: 'template_unknown_reference',
    title: 'a reference that is neither tools. nor params.',
    build: () => new ToolRegistry().tool(simpleTool({ name: 'guide', description: 'Use ${{ editor }}.' })),
    problems: [
      {
        code: 'template',
        tool: 'guide',
        says: ["guide's description has the reference ${{ editor }}, which is neither"],
        fix: 'write ${{ tools.<name> }}',
      },
    ],
  },
  {
    id: 'template_kind_missing',
    title: 'a description naming a kind nothing has',
    build: () =>
      new ToolRegistry().tool(simpleTool({ name: 'guide', description: 'Read with ${{ tools.read }}.' })),
    problems: [
      {
        code: 'template',
        tool: 'guide',
        says: ["guide's description refers to ${{ tools.read }}, but no tool named read is registered"],
        fix: 'register read',
      },
    ],
  },
  // ── exclusivity ──
  {
    id: 'exclusive_pair',
    title: 'two exclusive tools registered together',
    build: () =>
      new ToolRegistry()
        .tool(simpleTool({ name: 'edit' }))
        .tool(simpleTool({ name: 'apply_patch' }))
        .exclusive(['edit', 'apply_patch'], 'two editors confuse the model'),
    problems: [
      {
        code: 'exclusive',
        tool: 'edit',
        says: [
          'edit and apply_patch are both registered, but they are exclusive: two editors confuse the model.',
        ],
        fix: 'register only one of edit and apply_patch',
      },
    ],
  },
  {
    id: 'exclusive_three',
    title: 'three exclusive tools registered together',
    build: () =>
      new ToolRegistry()
        .tool(simpleTool({ name: 'grep' }))
        .tool(simpleTool({ name: 'rg' }))
        .tool(simpleTool({ name: 'ag' }))
        .exclusive(['grep', 'rg', 'ag'], 'one search tool'),
    problems: [
      {
        code: 'exclusive',
        tool: 'grep',
        says: ['grep, rg and ag are all registered, but they are exclusive'],
        fix: 'register only one of grep, rg and ag',
      },
    ],
  },
  {
    id: 'restore_invalid_value',
    title: 'a restored snapshot with an invalid value',
    build: () => {
      class EditConfig {
        @IsBoolean() skipReadBeforeEdit = false;
      }
      return new ToolRegistry()
        .params(EditConfig, {})
        .restore({ version: 1, params: { EditConfig: { skipReadBeforeEdit: 'yes' } }, state: {} } as never)
        .tool(simpleTool({ name: 'noop' }));
    },
    problems: [{ code: 'invalid_params', says: ['skipReadBeforeEdit', 'boolean'], fix: '' }],
  },
  {
    id: 'state_unknown_property',
    title: 'a State value with a property its class does not declare',
    build: () => {
      class Counter {
        @IsInt() count = 0;
      }
      return new ToolRegistry()
        .state(Counter, { count: 1, extra: true } as never)
        .tool(simpleTool({ name: 'noop' }));
    },
    problems: [
      {
        code: 'invalid_params',
        says: ['State<Counter>.extra is not a property of Counter'],
        fix: 'registry.state(Counter',
      },
    ],
  },
  {
    id: 'bad_argument_limit',
    title: 'a maxArgumentBytes that is not a positive number',
    build: () => new ToolRegistry().tool(simpleTool({ name: 'upload', maxArgumentBytes: -1 })),
    problems: [
      {
        code: 'invalid_definition',
        tool: 'upload',
        says: ['Upload.run: maxArgumentBytes must be a positive integer (it is -1)'],
        fix: 'set maxArgumentBytes',
      },
    ],
  },
];

// Keeps the `inject` import used when a case needs it directly.
void inject;
