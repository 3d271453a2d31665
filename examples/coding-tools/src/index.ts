// The public API of @toolwright/example-coding-tools: the tools, their resources and configuration,
// createCodingRegistry, and the default export `toolwright validate examples/coding-tools` loads.
import 'reflect-metadata';
import type { ToolRegistry } from '@toolwright/registry';
import { createCodingRegistry, type CodingRegistryOptions } from './create-coding-registry';

export {
  createCodingRegistry,
  CODING_DIALECTS,
  CODING_DIALECT_TOOLS,
  CODING_DIALECT_NAMESPACES,
  EDITORS_REASON,
  HASHLINE_EDITORS_REASON,
  type CodingDialect,
  type CodingRegistryOptions,
} from './create-coding-registry';

// Resources and configuration
export { Workspace, type WorkspacePath } from './workspace/workspace';
export { SearchReplaceConfig } from './config/search-replace-config';
export { CapabilitiesConfig } from './config/capabilities-config';
export { ShellConfig } from './config/shell-config';
export { TestConfig } from './config/test-config';
export { FileReadLog } from './files/file-read-log';
export { TestJobs, TestJob, type TestJobStatus, type TestRunResult } from './process/test-jobs';
export type { TestCounts } from './process/test-output-parser';
export { WebClient, FetchWebClient, type WebPage } from './web/web-client';

// toolwright's own tools (namespace native)
export { ReadFile, ReadFileArgs } from './tools/native/read-file';
export { WriteFile, WriteFileArgs } from './tools/native/write-file';
export { Edit, EditArgs } from './tools/native/edit';
export { SearchReplace, SearchReplaceArgs } from './tools/native/search-replace';
export { Grep, GrepArgs } from './tools/native/grep';
export { Glob, GlobArgs } from './tools/native/glob';
export { ListDir, ListDirArgs } from './tools/native/list-dir';
export { Shell, ShellArgs } from './tools/native/shell';
export { RunTests, RunTestsArgs } from './tools/native/run-tests';
export { WebFetch, WebFetchArgs } from './tools/native/web-fetch';
export { ApplyPatch, ApplyPatchArgs } from './tools/native/apply-patch';
export { HashlineReadFile } from './tools/native/hashline-read-file';
export {
  HashlineEdit,
  HashlineEditArgs,
  HashlineEditOp,
  MAX_HASHLINE_EDITS,
} from './tools/native/hashline-edit';
export { lineHash, LINE_HASH_LENGTH } from './files/line-hash';

// The other dialects
export {
  CodexTools,
  CodexReadFileArgs,
  CodexListDirArgs,
  CodexGrepFilesArgs,
  CodexShellArgs,
  CodexApplyPatchArgs,
} from './tools/codex/codex-tools';
export {
  OpencodeTools,
  OpencodeReadArgs,
  OpencodeWriteArgs,
  OpencodeEditArgs,
  OpencodeBashArgs,
  OpencodeGlobArgs,
  OpencodeGrepArgs,
  OpencodeListArgs,
} from './tools/opencode/opencode-tools';

// Results the tools return (the model reads their rendering; hosts get the data)
export type { FileSlice, TextSlice, BinaryFile, FileLine } from './files/read-file-slice';
export type { WriteResult } from './files/write-text-file';
export type { EditResult } from './files/replace-exact';
export type { PatchResult } from './files/apply-patch';
export type { AnchoredLine, HashlineEditResult, HashlineOperation } from './files/apply-hashline-edits';
export type { SearchResult, SearchMatch } from './search/search-files';
export type { FoundFiles } from './search/find-files';
export type { DirectoryListing, DirectoryEntry, EntryType } from './files/list-directory';
export type { CommandResult } from './process/run-command';

/**
 * The registry `toolwright validate examples/coding-tools` loads: `createCodingRegistry` with the
 * workspace at `$TOOLWRIGHT_WORKSPACE` (else the current directory) and the dialect at
 * `$TOOLWRIGHT_CODING_DIALECT` (else native).
 */
export function codingRegistry(options: CodingRegistryOptions = {}): ToolRegistry {
  return createCodingRegistry(typeof options === 'object' && options !== null ? options : {});
}

export default codingRegistry;
