import { Param, Tool, type ToolCallContext } from '@toolwright/core';
import { inject, Params } from '@toolwright/resources';
import { ShellConfig } from '../../config/shell-config';
import { listDirectory, renderListing } from '../../files/list-directory';
import { DEFAULT_READ_LIMIT, MAX_READ_LIMIT, readFileSlice } from '../../files/read-file-slice';
import { renderFileSlice, type SliceStyle } from '../../files/render-file-slice';
import { describeEdit, replaceExact } from '../../files/replace-exact';
import { describeWrite, writeTextFile } from '../../files/write-text-file';
import { renderCommandResult, runCommand } from '../../process/run-command';
import { findFiles, renderFoundFiles } from '../../search/find-files';
import { searchFiles } from '../../search/search-files';
import { Workspace } from '../../workspace/workspace';

/** Arguments of opencode's Read. */
export class OpencodeReadArgs {
  @Param({ description: 'The path to the file to read', minLength: 1 })
  filePath!: string;

  @Param({
    description: 'The line number to start reading from (0-based)',
    optional: true,
    integer: true,
    minimum: 0,
  })
  offset?: number;

  @Param({
    description: `The number of lines to read (defaults to ${DEFAULT_READ_LIMIT})`,
    optional: true,
    integer: true,
    minimum: 1,
    maximum: MAX_READ_LIMIT,
  })
  limit?: number;
}

/** Arguments of opencode's Write. */
export class OpencodeWriteArgs {
  @Param({ description: 'The path to the file to write', minLength: 1 })
  filePath!: string;

  @Param({ description: 'The content to write to the file' })
  content!: string;
}

/** Arguments of opencode's Edit. */
export class OpencodeEditArgs {
  @Param({ description: 'The path to the file to modify', minLength: 1 })
  filePath!: string;

  @Param({ description: 'The text to replace', minLength: 1 })
  oldString!: string;

  @Param({ description: 'The text to replace it with (must be different from oldString)' })
  newString!: string;

  @Param({
    description: 'Replace all occurrences of oldString (default false)',
    optional: true,
    default: false,
  })
  replaceAll?: boolean;
}

/** Arguments of opencode's Bash. */
export class OpencodeBashArgs {
  @Param({ description: 'The command to execute', minLength: 1, maxLength: 100_000 })
  command!: string;

  @Param({
    description: 'Optional timeout in milliseconds',
    optional: true,
    integer: true,
    minimum: 100,
    maximum: 3_600_000,
  })
  timeout?: number;

  @Param({
    description: 'Clear, concise description of what this command does in 5-10 words',
    optional: true,
    maxLength: 200,
  })
  description?: string;
}

/** Arguments of opencode's Glob. */
export class OpencodeGlobArgs {
  @Param({ description: 'The glob pattern to match files against', minLength: 1 })
  pattern!: string;

  @Param({ description: 'The directory to search in (default: the workspace root)', optional: true })
  path?: string;
}

/** Arguments of opencode's Grep. */
export class OpencodeGrepArgs {
  @Param({ description: 'The regex pattern to search for in file contents', minLength: 1 })
  pattern!: string;

  @Param({ description: 'The directory to search in (default: the workspace root)', optional: true })
  path?: string;

  @Param({ description: 'File pattern to include in the search (e.g. "*.js", "*.{ts,tsx}")', optional: true })
  include?: string;
}

/** Arguments of opencode's List. */
export class OpencodeListArgs {
  @Param({ description: 'The directory to list (default: the workspace root)', optional: true })
  path?: string;

  // Reflection sees only Array: the item type is a thunk.
  @Param({
    description: 'Glob patterns of names to leave out',
    optional: true,
    type: () => [String],
    maxItems: 100,
  })
  ignore?: string[];
}

const OPENCODE_STYLE: SliceStyle = {
  line: (line) => `${String(line.number).padStart(5, '0')}| ${line.text}`,
  continueWith: (nextLine) => `offset=${nextLine - 1}`,
};

/**
 * The tool set in opencode's vocabulary (namespace `opencode`): `Read`, `Write`, `Edit`, `Bash`,
 * `Glob`, `Grep`, `List`, as one service class delegating to the shared implementations. Offsets
 * are 0-based and arguments camelCase, as opencode has them.
 */
export class OpencodeTools {
  constructor(
    @inject(Workspace) private readonly workspace: Workspace,
    @inject(Params.of(ShellConfig)) private readonly shellConfig: Params<ShellConfig>,
  ) {}

  @Tool({
    name: 'Read',
    namespace: 'opencode',
    kind: 'read',
    readOnly: true,
    description: 'Reads a file from the workspace, with line numbers.',
  })
  async read(args: OpencodeReadArgs, ctx: ToolCallContext): Promise<string> {
    const slice = await readFileSlice(this.workspace, args.filePath, {
      offset: (args.offset ?? 0) + 1,
      limit: args.limit,
      signal: ctx.signal,
    });
    return slice.type === 'binary'
      ? renderFileSlice(slice)
      : `<file>\n${renderFileSlice(slice, OPENCODE_STYLE)}\n</file>`;
  }

  @Tool({
    name: 'Write',
    namespace: 'opencode',
    kind: 'write',
    readOnly: false,
    annotations: { destructive: true, idempotent: true },
    description: 'Writes a file, replacing it if it exists; creates missing directories.',
  })
  async write(args: OpencodeWriteArgs): Promise<string> {
    return describeWrite(await writeTextFile(this.workspace, args.filePath, args.content));
  }

  @Tool({
    name: 'Edit',
    namespace: 'opencode',
    kind: 'edit',
    readOnly: false,
    annotations: { destructive: true },
    description:
      'Performs exact string replacements in a file. oldString must be unique unless replaceAll is set.',
  })
  async edit(args: OpencodeEditArgs): Promise<string> {
    const result = await replaceExact(this.workspace, args.filePath, {
      oldString: args.oldString,
      newString: args.newString,
      replaceAll: args.replaceAll,
    });
    return describeEdit(result);
  }

  @Tool({
    name: 'Bash',
    namespace: 'opencode',
    kind: 'shell',
    readOnly: false,
    annotations: { destructive: true, openWorld: true },
    timeoutMs: 3_660_000,
    description: 'Executes a bash-compatible command (/bin/sh) in the workspace and returns its output.',
  })
  async *bash(args: OpencodeBashArgs, ctx: ToolCallContext): AsyncGenerator<string, string, undefined> {
    const result = yield* runCommand({
      command: { script: args.command },
      cwd: this.workspace.root,
      timeoutMs: Math.min(args.timeout ?? this.shellConfig.defaultTimeoutMs, this.shellConfig.maxTimeoutMs),
      maxOutputCharacters: this.shellConfig.maxOutputCharacters,
      signal: ctx.signal,
    });
    return renderCommandResult(result);
  }

  @Tool({
    name: 'Glob',
    namespace: 'opencode',
    kind: 'glob',
    readOnly: true,
    description: 'Fast file pattern matching, e.g. "**/*.js".',
  })
  async glob(args: OpencodeGlobArgs, ctx: ToolCallContext): Promise<string> {
    return renderFoundFiles(
      await findFiles(this.workspace, args.pattern, { base: args.path, maxResults: 100, signal: ctx.signal }),
    );
  }

  @Tool({
    name: 'Grep',
    namespace: 'opencode',
    kind: 'search',
    readOnly: true,
    description: 'Searches file contents with a regular expression.',
  })
  async grep(args: OpencodeGrepArgs, ctx: ToolCallContext): Promise<string> {
    const result = await searchFiles(this.workspace, {
      pattern: args.pattern,
      path: args.path,
      glob: args.include,
      maxResults: 100,
      signal: ctx.signal,
    });
    if (result.matches.length === 0) return 'No files found';
    const byFile = new Map<string, string[]>();
    for (const match of result.matches) {
      const lines = byFile.get(match.path) ?? [];
      lines.push(`  Line ${match.line}: ${match.text}`);
      byFile.set(match.path, lines);
    }
    const body = [...byFile].map(([file, lines]) => `${file}:\n${lines.join('\n')}`).join('\n\n');
    const capped = result.capped
      ? '\n\n(Results are truncated. Consider using a more specific path or pattern.)'
      : '';
    return `Found ${result.matches.length} matches\n${body}${capped}`;
  }

  @Tool({
    name: 'List',
    namespace: 'opencode',
    kind: 'list',
    readOnly: true,
    description: 'Lists files and directories in a given path.',
  })
  async list(args: OpencodeListArgs, ctx: ToolCallContext): Promise<string> {
    return renderListing(
      await listDirectory(this.workspace, args.path ?? '.', {
        depth: 2,
        ignore: args.ignore,
        signal: ctx.signal,
      }),
    );
  }
}
