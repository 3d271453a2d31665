import { ToolRegistry, type RegistrableTool, type ToolNamespace } from '@toolwright/registry';
import { fromFactory, type ResourceData } from '@toolwright/resources';
import { CapabilitiesConfig } from './config/capabilities-config';
import { SearchReplaceConfig } from './config/search-replace-config';
import { ShellConfig } from './config/shell-config';
import { TestConfig } from './config/test-config';
import { FileReadLog } from './files/file-read-log';
import { TestJobs } from './process/test-jobs';
import { CodexTools } from './tools/codex/codex-tools';
import { Edit } from './tools/native/edit';
import { Glob } from './tools/native/glob';
import { Grep } from './tools/native/grep';
import { HashlineEdit } from './tools/native/hashline-edit';
import { HashlineReadFile } from './tools/native/hashline-read-file';
import { ListDir } from './tools/native/list-dir';
import { ReadFile } from './tools/native/read-file';
import { RunTests } from './tools/native/run-tests';
import { SearchReplace } from './tools/native/search-replace';
import { Shell } from './tools/native/shell';
import { WebFetch } from './tools/native/web-fetch';
import { WriteFile } from './tools/native/write-file';
import { OpencodeTools } from './tools/opencode/opencode-tools';
import { WebClient } from './web/web-client';
import { Workspace } from './workspace/workspace';

/**
 * Which vocabulary the file, search and shell tools speak. One per registry: their names overlap.
 * `hashline` is toolwright's (namespace `native`) with hash-anchored edits: read_file tags lines
 * with hashes and hashline_edit takes them, in place of edit and search_replace.
 */
export type CodingDialect = 'native' | 'codex' | 'opencode' | 'hashline';

/** The dialects, in the order the docs list them. */
export const CODING_DIALECTS: readonly CodingDialect[] = ['native', 'codex', 'opencode', 'hashline'];

/** The namespace each dialect's toolset is registered in. */
export const CODING_DIALECT_NAMESPACES: Readonly<Record<CodingDialect, ToolNamespace>> = Object.freeze({
  native: 'native',
  codex: 'codex',
  opencode: 'opencode',
  hashline: 'native',
});

/**
 * The file, search and shell tools of each dialect, registered as a toolset of that namespace:
 * toolwright's names (`read_file`, `edit`, `search_replace`, `grep`, …), codex's (`read_file`,
 * `list_dir`, `grep_files`, `shell`, `apply_patch`) and opencode's (`Read`, `Write`, `Edit`, `Bash`,
 * `Glob`, `Grep`, `List`). run_tests and the capability-gated tools are added to every dialect.
 */
export const CODING_DIALECT_TOOLS: Readonly<Record<CodingDialect, readonly RegistrableTool[]>> =
  Object.freeze({
    native: Object.freeze([ReadFile, WriteFile, Edit, SearchReplace, Grep, Glob, ListDir, Shell]),
    codex: Object.freeze([CodexTools]),
    opencode: Object.freeze([OpencodeTools]),
    hashline: Object.freeze([HashlineReadFile, WriteFile, HashlineEdit, Grep, Glob, ListDir, Shell]),
  });

/** Why edit and apply_patch are exclusive. */
export const EDITORS_REASON =
  'they are two editors for the same job with different formats (exact text vs. patches); offering both makes the model guess which to use';

/** Why edit and hashline_edit are exclusive. */
export const HASHLINE_EDITORS_REASON =
  'they are two editors for the same job with different anchors (exact text vs. line hashes); offering both makes the model guess which to use';

/** Options of `createCodingRegistry`. */
export interface CodingRegistryOptions {
  /** The workspace directory (default: `$TOOLWRIGHT_WORKSPACE`, else the current directory). */
  readonly root?: string;
  /** The vocabulary (default: `$TOOLWRIGHT_CODING_DIALECT`, else `native`). */
  readonly dialect?: CodingDialect;
  /** Optional capabilities; each is registered only when enabled here and its client is provided. */
  readonly capabilities?: Partial<ResourceData<CapabilitiesConfig>>;
  /** The client web_fetch uses (e.g. `new FetchWebClient()`). */
  readonly webClient?: WebClient;
  /** search_replace's configuration (`skipReadBeforeEdit`, default false). */
  readonly searchReplace?: Partial<ResourceData<SearchReplaceConfig>>;
  /** Limits of the shell tools. */
  readonly shell?: Partial<ResourceData<ShellConfig>>;
  /** How run_tests runs the tests (`command`, default `npm test`; `pollIntervalMs`; `timeoutMs`). */
  readonly tests?: Partial<ResourceData<TestConfig>>;
  /** The background test jobs (default: one `TestJobs` per finalized registry); pass one to stop them at shutdown. */
  readonly testJobs?: TestJobs;
}

/**
 * The coding tool set as an unfinalized `ToolRegistry`: the workspace and the configuration bound,
 * one dialect's toolset, run_tests, web_fetch behind its capability gate, and edit declared
 * exclusive with apply_patch and with hashline_edit. Add tools or bindings, then `finalize()`.
 */
export function createCodingRegistry(options: CodingRegistryOptions = {}): ToolRegistry {
  const dialect = options.dialect ?? dialectFromEnvironment();
  const root = options.root ?? process.env['TOOLWRIGHT_WORKSPACE'] ?? process.cwd();
  const webClient = options.webClient;
  return new ToolRegistry()
    .provide(Workspace, new Workspace(root))
    .provide(TestJobs, options.testJobs ?? fromFactory(() => new TestJobs()))
    .params(SearchReplaceConfig, { skipReadBeforeEdit: false, ...options.searchReplace })
    .params(ShellConfig, { ...options.shell })
    .params(TestConfig, { ...options.tests })
    .params(CapabilitiesConfig, { webFetch: false, ...options.capabilities })
    .state(FileReadLog, { paths: [] })
    .toolset(CODING_DIALECT_NAMESPACES[dialect], CODING_DIALECT_TOOLS[dialect])
    .toolset('native', [RunTests])
    .when(webClient !== undefined, (registry) => registry.provide(WebClient, webClient!))
    .when(
      (view) => view.params(CapabilitiesConfig)?.webFetch === true && view.has(WebClient),
      (registry) => registry.toolset('native', [WebFetch]),
    )
    .exclusive(['edit', 'apply_patch'], EDITORS_REASON)
    .exclusive(['edit', 'hashline_edit'], HASHLINE_EDITORS_REASON);
}

function dialectFromEnvironment(): CodingDialect {
  const value = process.env['TOOLWRIGHT_CODING_DIALECT'];
  if (value === undefined || value === '') return 'native';
  if ((CODING_DIALECTS as readonly string[]).includes(value)) return value as CodingDialect;
  throw new TypeError(
    `TOOLWRIGHT_CODING_DIALECT must be one of ${CODING_DIALECTS.join(', ')} (it is ${JSON.stringify(value)}).`,
  );
}
