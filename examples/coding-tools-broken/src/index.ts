// The public API of @toolwright/example-coding-tools-broken: a deliberately misconfigured coding tool
// set. `toolwright validate examples/coding-tools-broken` must fail and list every seeded problem:
//
//   1. requirement          search_replace is registered without read_file, and skipReadBeforeEdit is false.
//   2. invalid_definition   MultiEditArgs.edits (used by multi_edit) is an array without a type thunk.
//   3. template             find_docs's description refers to ${{ tools.web_search }}, which is not registered.
//   4. unbound_dependency   web_fetch needs WebClient, which is not provided (registered past its capability gate).
//   5. exclusive            edit and apply_patch are both registered, but they are declared exclusive.
//   6. duplicate_name       two tools are named grep: Grep and RipGrep.
//   7. invalid_name         the tool name "list files" has a space.
//   8. invalid_params       TestConfig.command is empty in registry.params(TestConfig, …).
import 'reflect-metadata';
import { ToolRegistry, type FinalizeProblemCode } from '@toolwright/registry';
// Imported through the example's build output, not by package name: jest maps every `@toolwright/*`
// name to `packages/*/src`, where this example does not live.
import {
  ApplyPatch,
  EDITORS_REASON,
  Edit,
  FileReadLog,
  Glob,
  Grep,
  ListDir,
  SearchReplace,
  SearchReplaceConfig,
  Shell,
  ShellConfig,
  TestConfig,
  WebFetch,
  Workspace,
  WriteFile,
} from '@toolwright/example-coding-tools';
import { FindDocs, ListFiles, MultiEdit, RipGrep } from './broken-tools';

export { EditOperation, FindDocs, ListFiles, MultiEdit, MultiEditArgs, RipGrep } from './broken-tools';

/** One problem this variant seeds: its code, the tool it concerns, and words its message contains. */
export interface SeededProblem {
  readonly code: FinalizeProblemCode;
  readonly tool?: string;
  readonly mentions: readonly string[];
}

/** Every problem seeded below, for tests that check `validate` reports them all. */
export const SEEDED_PROBLEMS: readonly SeededProblem[] = Object.freeze([
  {
    code: 'requirement',
    tool: 'search_replace',
    mentions: ['search_replace requires read_file', 'read_file is not registered'],
  },
  {
    code: 'invalid_definition',
    mentions: ['MultiEditArgs.edits', 'reflection gives Array', 'type: () => ['],
  },
  { code: 'template', tool: 'find_docs', mentions: ['${{ tools.web_search }}', 'web_search'] },
  { code: 'unbound_dependency', tool: 'web_fetch', mentions: ['web_fetch', 'WebClient'] },
  { code: 'exclusive', mentions: ['edit and apply_patch', 'exclusive'] },
  { code: 'duplicate_name', tool: 'grep', mentions: ['grep', 'Grep', 'RipGrep'] },
  { code: 'invalid_name', mentions: ['"list files"'] },
  { code: 'invalid_params', mentions: ['TestConfig', 'command'] },
]);

/** The broken registry (never finalizes); the workspace is `$TOOLWRIGHT_WORKSPACE` or the current directory. */
export function createBrokenCodingRegistry(options: { readonly root?: string } = {}): ToolRegistry {
  const root = options.root ?? process.env['TOOLWRIGHT_WORKSPACE'] ?? process.cwd();
  return (
    new ToolRegistry()
      .provide(Workspace, new Workspace(root))
      .params(SearchReplaceConfig, { skipReadBeforeEdit: false })
      .params(ShellConfig, {})
      // 8. invalid_params (bound for run_tests, which is not registered here: a problem of its own
      // when it is, since a tool whose params are invalid cannot be built).
      .params(TestConfig, { command: '' })
      .state(FileReadLog, { paths: [] })
      // 1. requirement: ReadFile is left out of the native toolset.
      .toolset('native', [WriteFile, Edit, SearchReplace, Grep, Glob, ListDir, Shell])
      // 5. exclusive: a second editor.
      .tool(ApplyPatch)
      // 6. duplicate_name
      .tool(RipGrep)
      // 2. invalid_definition
      .tool(MultiEdit)
      // 3. template
      .tool(FindDocs)
      // 4. unbound_dependency: registered directly, without its WebClient.
      .tool(WebFetch)
      // 7. invalid_name
      .tool(ListFiles)
      .exclusive(['edit', 'apply_patch'], EDITORS_REASON)
  );
}

/** What `toolwright validate examples/coding-tools-broken` loads. */
export function brokenCodingRegistry(options: { readonly root?: string } = {}): ToolRegistry {
  return createBrokenCodingRegistry(typeof options === 'object' && options !== null ? options : {});
}

export default brokenCodingRegistry;
