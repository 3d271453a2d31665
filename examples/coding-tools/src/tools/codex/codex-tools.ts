import { Param, Tool, ToolError, type ToolCallContext } from '@toolwright/core';
import { inject, Params } from '@toolwright/resources';
import { ShellConfig } from '../../config/shell-config';
import { applyPatch, describePatch } from '../../files/apply-patch';
import { listDirectory } from '../../files/list-directory';
import { PATCH_FORMAT_HINT } from '../../files/parse-patch';
import { DEFAULT_READ_LIMIT, MAX_READ_LIMIT, readFileSlice } from '../../files/read-file-slice';
import { renderFileSlice, type SliceStyle } from '../../files/render-file-slice';
import { runCommand } from '../../process/run-command';
import { DEFAULT_MAX_MATCHES, renderSearchResult, searchFiles } from '../../search/search-files';
import { formatDuration } from '../../text/format-bytes';
import { Workspace } from '../../workspace/workspace';

/** Arguments of codex's read_file. */
export class CodexReadFileArgs {
  @Param({
    description: 'Path to the file (relative to the workspace root, or absolute inside it)',
    minLength: 1,
  })
  file_path!: string;

  @Param({
    description: 'The line number to start reading from, 1-based (default 1)',
    optional: true,
    integer: true,
    minimum: 1,
  })
  offset?: number;

  @Param({
    description: `The maximum number of lines to return (default ${DEFAULT_READ_LIMIT})`,
    optional: true,
    integer: true,
    minimum: 1,
    maximum: MAX_READ_LIMIT,
  })
  limit?: number;
}

/** Arguments of codex's list_dir. */
export class CodexListDirArgs {
  @Param({
    description: 'Path to the directory (relative to the workspace root, or absolute inside it)',
    minLength: 1,
  })
  dir_path!: string;

  @Param({
    description: 'The entry number to start listing from, 1-based (default 1)',
    optional: true,
    integer: true,
    minimum: 1,
  })
  offset?: number;

  @Param({
    description: 'The maximum number of entries to return (default 25)',
    optional: true,
    integer: true,
    minimum: 1,
    maximum: 1000,
  })
  limit?: number;

  @Param({
    description: 'The maximum directory depth to traverse (default 2)',
    optional: true,
    integer: true,
    minimum: 1,
    maximum: 5,
  })
  depth?: number;
}

/** Arguments of codex's grep_files. */
export class CodexGrepFilesArgs {
  @Param({ description: 'Regular expression pattern to search for', minLength: 1 })
  pattern!: string;

  @Param({
    description: 'Optional glob limiting which files are searched (e.g. "*.rs" or "*.{ts,tsx}")',
    optional: true,
  })
  include?: string;

  @Param({ description: 'Directory or file to search (default: the workspace root)', optional: true })
  path?: string;

  @Param({
    description: `Maximum number of file paths to return (default ${DEFAULT_MAX_MATCHES})`,
    optional: true,
    integer: true,
    minimum: 1,
    maximum: 2000,
  })
  limit?: number;
}

/** Arguments of codex's shell. */
export class CodexShellArgs {
  // An argument vector (`["bash", "-lc", "npm test"]`): reflection sees only Array, so the item type is a thunk.
  @Param({ description: 'The command to execute, as an argument vector', type: () => [String], minItems: 1 })
  command!: string[];

  @Param({ description: 'The working directory, inside the workspace (default: the root)', optional: true })
  workdir?: string;

  @Param({
    description: 'The timeout for the command in milliseconds',
    optional: true,
    integer: true,
    minimum: 100,
    maximum: 3_600_000,
  })
  timeout_ms?: number;
}

/** Arguments of codex's apply_patch. */
export class CodexApplyPatchArgs {
  @Param({ description: 'The entire contents of the apply_patch command', minLength: 1 })
  input!: string;
}

const CODEX_STYLE: SliceStyle = {
  line: (line) => `L${line.number}: ${line.text}`,
  continueWith: (nextLine) => `offset=${nextLine}`,
};

/**
 * The tool set in codex's vocabulary (namespace `codex`): `read_file`, `list_dir`, `grep_files`,
 * `shell` (an argument vector) and `apply_patch`, as one service class whose methods delegate to the
 * same implementations as toolwright's own tools.
 */
export class CodexTools {
  constructor(
    @inject(Workspace) private readonly workspace: Workspace,
    @inject(Params.of(ShellConfig)) private readonly shellConfig: Params<ShellConfig>,
  ) {}

  @Tool({
    name: 'read_file',
    namespace: 'codex',
    kind: 'read',
    readOnly: true,
    description:
      'Reads a local file with 1-indexed line numbers (L<n>: text). Use offset and limit for long files.',
  })
  async readFile(args: CodexReadFileArgs, ctx: ToolCallContext): Promise<string> {
    const slice = await readFileSlice(this.workspace, args.file_path, {
      offset: args.offset,
      limit: args.limit,
      signal: ctx.signal,
    });
    return renderFileSlice(slice, CODEX_STYLE);
  }

  @Tool({
    name: 'list_dir',
    namespace: 'codex',
    kind: 'list',
    readOnly: true,
    description: 'Lists entries in a local directory with 1-indexed entry numbers and simple type labels.',
  })
  async listDir(args: CodexListDirArgs, ctx: ToolCallContext): Promise<string> {
    const offset = args.offset ?? 1;
    const listing = await listDirectory(this.workspace, args.dir_path, {
      depth: args.depth ?? 2,
      maxEntries: args.limit ?? 25,
      offset: offset - 1,
      signal: ctx.signal,
    });
    const lines = listing.entries.map((entry, index) => {
      const indent = '  '.repeat(entry.depth - 1);
      const name = entry.path.slice(entry.path.lastIndexOf('/') + 1);
      const suffix =
        entry.type === 'directory' ? '/' : entry.type === 'symlink' ? '@' : entry.type === 'other' ? '?' : '';
      return `E${offset + index}: ${indent}${name}${suffix}`;
    });
    const more = listing.truncated
      ? `\nMore than ${listing.entries.length} entries found; continue with offset=${offset + listing.entries.length}.`
      : '';
    return `Directory: ${listing.path}\n${lines.length === 0 ? '(no entries)' : lines.join('\n')}${more}`;
  }

  @Tool({
    name: 'grep_files',
    namespace: 'codex',
    kind: 'search',
    readOnly: true,
    description:
      'Finds files whose contents match the pattern and lists them (paths relative to the workspace root).',
  })
  async grepFiles(args: CodexGrepFilesArgs, ctx: ToolCallContext): Promise<string> {
    const result = await searchFiles(this.workspace, {
      pattern: args.pattern,
      glob: args.include,
      path: args.path,
      maxResults: args.limit,
      mode: 'files',
      signal: ctx.signal,
    });
    return result.files.length === 0 ? 'No matches found.' : renderSearchResult(result, 'files');
  }

  @Tool({
    name: 'shell',
    namespace: 'codex',
    kind: 'shell',
    readOnly: false,
    annotations: { destructive: true, openWorld: true },
    timeoutMs: 3_660_000,
    description: 'Runs a command (an argument vector, e.g. ["bash", "-lc", "ls"]) and returns its output.',
  })
  async *shell(args: CodexShellArgs, ctx: ToolCallContext): AsyncGenerator<string, string, undefined> {
    const cwd = await this.workspace.resolve(args.workdir ?? '.');
    const result = yield* runCommand({
      command: { argv: args.command },
      cwd: cwd.absolute,
      timeoutMs: Math.min(
        args.timeout_ms ?? this.shellConfig.defaultTimeoutMs,
        this.shellConfig.maxTimeoutMs,
      ),
      maxOutputCharacters: this.shellConfig.maxOutputCharacters,
      signal: ctx.signal,
    });
    const exit = result.exitCode ?? (result.signal === null ? -1 : 128);
    return `Exit code: ${exit}\nWall time: ${formatDuration(result.durationMs)}\nOutput:\n${result.output}`;
  }

  @Tool({
    name: 'apply_patch',
    namespace: 'codex',
    kind: 'patch',
    readOnly: false,
    annotations: { destructive: true },
    description: `Use the apply_patch tool to edit files. All changes apply, or none.\n${PATCH_FORMAT_HINT}`,
  })
  async applyPatch(args: CodexApplyPatchArgs): Promise<string> {
    if (args.input.trim() === '') throw ToolError.invalidArguments('The patch is empty.');
    return describePatch(await applyPatch(this.workspace, args.input));
  }
}
