import { Param, Tool, type ToolCallContext } from '@toolwright/core';
import { inject, Params } from '@toolwright/resources';
import { ShellConfig } from '../../config/shell-config';
import { renderCommandResult, runCommand, type CommandResult } from '../../process/run-command';
import { Workspace } from '../../workspace/workspace';

/** Arguments of shell. */
export class ShellArgs {
  @Param({
    description: 'The command, run with /bin/sh -c in the workspace root',
    minLength: 1,
    maxLength: 100_000,
  })
  command!: string;

  @Param({
    description: 'Stop the command after this many milliseconds (default 120000)',
    optional: true,
    integer: true,
    minimum: 100,
    maximum: 3_600_000,
  })
  timeout_ms?: number;
}

/**
 * shell: runs a command in the workspace, streaming each output line as progress. Cancellation and
 * the timeout stop the command's whole process group.
 */
@Tool({
  name: 'shell',
  description:
    'Run a shell command (/bin/sh -c) in the workspace root and return its exit code and output (stdout and ' +
    'stderr together; long output keeps its beginning and end). Not interactive: stdin is closed. ' +
    'Background processes it starts are stopped when it exits.',
  kind: 'shell',
  readOnly: false,
  annotations: { destructive: true, openWorld: true },
  args: ShellArgs,
  // A backstop above the longest timeout a call may ask for; the tool's own timeout ends it first.
  timeoutMs: 3_660_000,
})
export class Shell {
  constructor(
    @inject(Workspace) private readonly workspace: Workspace,
    @inject(Params.of(ShellConfig)) private readonly config: Params<ShellConfig>,
  ) {}

  async *execute(args: ShellArgs, ctx: ToolCallContext): AsyncGenerator<string, CommandResult, undefined> {
    return yield* runCommand({
      command: { script: args.command },
      cwd: this.workspace.root,
      timeoutMs: Math.min(args.timeout_ms ?? this.config.defaultTimeoutMs, this.config.maxTimeoutMs),
      maxOutputCharacters: this.config.maxOutputCharacters,
      signal: ctx.signal,
    });
  }

  toContent(result: CommandResult): string {
    return renderCommandResult(result);
  }
}
