// The public API of @toolwright/example-coding-tools-broken: a deliberately misconfigured coding tool
// set. `toolwright validate examples/coding-tools-broken` must fail and list every seeded problem in
// one run. The problems sit on shared tools, several on one tool, across layers:
//
//   web_fetch       unbound_dependency (no WebClient) and duplicate_name (CachedWebFetch); find_docs
//                   requires it with its url parameter, which holds: a tool that cannot be built is
//                   still registered.
//   multi_edit      invalid_definition (MultiEditArgs.edits has no type thunk), template
//                   (${{ params.edit.old_text }}), and exclusive with edit and apply_patch.
//   search_replace  requirement: read_file is not registered (find_docs's description names it too:
//                   one fact, one problem).
//   find_docs       template: ${{ tools.web_search }} is not registered.
//   list files      invalid_name; it injects the invalid Params<TestConfig> run_tests injects too,
//                   reported once (invalid_params).
//   grep            duplicate_name: Grep and RipGrep.
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
  RunTests,
  SearchReplace,
  SearchReplaceConfig,
  Shell,
  ShellConfig,
  TestConfig,
  TestJobs,
  WebFetch,
  Workspace,
  WriteFile,
} from '@toolwright/example-coding-tools';
import { CachedWebFetch, FindDocs, ListFiles, MultiEdit, RipGrep } from './broken-tools';

export {
  CachedWebFetch,
  EditOperation,
  FindDocs,
  ListFiles,
  MultiEdit,
  MultiEditArgs,
  RipGrep,
} from './broken-tools';

/** One problem this variant seeds: its code, the tool it concerns, and words its message contains. */
export interface SeededProblem {
  readonly code: FinalizeProblemCode;
  readonly tool?: string;
  readonly mentions: readonly string[];
}

/** Every problem seeded below, for tests that check `validate` reports them all (and nothing else). */
export const SEEDED_PROBLEMS: readonly SeededProblem[] = Object.freeze([
  { code: 'invalid_params', mentions: ['Params<TestConfig>.command', 'longer than or equal to 1'] },
  {
    code: 'invalid_definition',
    tool: 'multi_edit',
    mentions: ['MultiEditArgs.edits (used by multi_edit)', 'reflection gives Array', 'type: () => ['],
  },
  { code: 'unbound_dependency', tool: 'web_fetch', mentions: ['WebFetch (web_fetch) needs WebClient'] },
  {
    code: 'duplicate_name',
    tool: 'web_fetch',
    mentions: ['two tools are named web_fetch: WebFetch and CachedWebFetch'],
  },
  { code: 'duplicate_name', tool: 'grep', mentions: ['two tools are named grep: Grep and RipGrep'] },
  { code: 'invalid_name', tool: 'list files', mentions: ['"list files"'] },
  {
    code: 'requirement',
    tool: 'search_replace',
    mentions: [
      'search_replace requires read_file',
      'read_file is not registered',
      "find_docs's description also refers to it",
    ],
  },
  {
    code: 'template',
    tool: 'multi_edit',
    mentions: ['${{ params.edit.old_text }}', 'edit has no parameter old_text'],
  },
  { code: 'template', tool: 'find_docs', mentions: ['${{ tools.web_search }}', 'web_search'] },
  {
    code: 'exclusive',
    tool: 'edit',
    mentions: ['edit, apply_patch and multi_edit are all registered', 'exclusive'],
  },
]);

/** The broken registry (never finalizes); the workspace is `$TOOLWRIGHT_WORKSPACE` or the current directory. */
export function createBrokenCodingRegistry(options: { readonly root?: string } = {}): ToolRegistry {
  const root = options.root ?? process.env['TOOLWRIGHT_WORKSPACE'] ?? process.cwd();
  return (
    new ToolRegistry()
      .provide(Workspace, new Workspace(root))
      .provide(TestJobs, new TestJobs())
      .params(SearchReplaceConfig, { skipReadBeforeEdit: false })
      .params(ShellConfig, {})
      // invalid_params, once: run_tests and list files both inject it.
      .params(TestConfig, { command: '' })
      .state(FileReadLog, { paths: [] })
      // requirement: ReadFile is left out of the native toolset.
      .toolset('native', [WriteFile, Edit, SearchReplace, Grep, Glob, ListDir, Shell, RunTests])
      .tool(ApplyPatch)
      // duplicate_name on grep
      .tool(RipGrep)
      // invalid_definition, template and exclusive on multi_edit
      .tool(MultiEdit)
      // template; and a requirement on web_fetch that holds
      .tool(FindDocs)
      // unbound_dependency and duplicate_name on web_fetch
      .tool(WebFetch)
      .tool(CachedWebFetch)
      // invalid_name (and the invalid params it shares)
      .tool(ListFiles)
      .exclusive(['edit', 'apply_patch', 'multi_edit'], EDITORS_REASON)
  );
}

/** What `toolwright validate examples/coding-tools-broken` loads. */
export function brokenCodingRegistry(options: { readonly root?: string } = {}): ToolRegistry {
  return createBrokenCodingRegistry(typeof options === 'object' && options !== null ? options : {});
}

export default brokenCodingRegistry;
