import { ToolError } from '@toolwright/core';
import { formatDuration } from '../text/format-bytes';
import { OutputCapture } from '../text/output-capture';
import { ProcessGroup } from './process-group';

/** Output lines streamed as progress per command; the rest is only in the result. */
export const MAX_PROGRESS_LINES = 5000;

/** A command to run in the workspace. */
export interface CommandSpec {
  /** A shell script for `/bin/sh -c`, or an argument vector run without a shell. */
  readonly command: { readonly script: string } | { readonly argv: readonly string[] };
  readonly cwd: string;
  readonly timeoutMs: number;
  /** Characters of output kept for the result (first half and last half). */
  readonly maxOutputCharacters: number;
  readonly signal?: AbortSignal;
}

/** How a command ended. */
export interface CommandResult {
  readonly exitCode: number | null;
  /** The signal that ended it, if any. */
  readonly signal: string | null;
  /** stdout and stderr interleaved by line, capped with a marker. */
  readonly output: string;
  readonly truncated: boolean;
  readonly durationMs: number;
}

/**
 * Runs a command in its own process group and streams its output: every line is yielded (up to
 * `MAX_PROGRESS_LINES`), the return value is the result. Cancellation (`signal`) and the timeout
 * stop the whole group; a timeout ends as a `timeout` error that carries the last output. If the
 * consumer stops early, the group is stopped too.
 */
export async function* runCommand(spec: CommandSpec): AsyncGenerator<string, CommandResult, undefined> {
  if (spec.signal?.aborted) throw ToolError.cancelled('The command was cancelled before it started.');
  const startedAt = Date.now();
  const [file, args] =
    'script' in spec.command
      ? ['/bin/sh', ['-c', spec.command.script]]
      : [spec.command.argv[0] ?? '', spec.command.argv.slice(1)];
  if (file === '') throw ToolError.invalidArguments('The command is empty.');
  let group: ProcessGroup;
  try {
    group = await ProcessGroup.start({ file, args, cwd: spec.cwd, env: commandEnvironment() });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw ToolError.notFound(`The program ${JSON.stringify(file)} was not found.`);
    if (code === 'EACCES')
      throw ToolError.permissionDenied(`The program ${JSON.stringify(file)} is not executable.`);
    throw error;
  }
  const capture = new OutputCapture(spec.maxOutputCharacters);
  let timedOut = false;
  const stop = (): void => group.kill();
  spec.signal?.addEventListener('abort', stop, { once: true });
  // Aborted while the process was starting: the listener came too late to hear it.
  if (spec.signal?.aborted) stop();
  const timer = setTimeout(() => {
    timedOut = true;
    group.kill();
  }, spec.timeoutMs);
  let streamed = 0;
  try {
    for (;;) {
      // Read before taking the lines: the group is done only once its output has ended, so every
      // line is taken by then. Read after, it could turn done while the lines were being yielded,
      // and the lines that arrived meanwhile would be lost.
      const done = group.done;
      for (const line of group.takeLines()) {
        capture.add(line.text);
        streamed += 1;
        if (streamed <= MAX_PROGRESS_LINES) yield line.text;
        else if (streamed === MAX_PROGRESS_LINES + 1)
          yield `[… further output is not streamed; it is in the result]`;
      }
      if (done) break;
      await group.changed();
    }
  } finally {
    clearTimeout(timer);
    spec.signal?.removeEventListener('abort', stop);
    if (!group.done) group.kill();
  }
  const status = await group.exited;
  const durationMs = Date.now() - startedAt;
  if (spec.signal?.aborted)
    throw ToolError.cancelled('The command was cancelled; its processes were stopped.');
  if (timedOut) {
    const tail = capture.last(2000);
    throw ToolError.timeout(
      `The command did not finish within ${formatDuration(spec.timeoutMs)} and was stopped (with every process it started).${tail === '' ? '' : ` Its last output:\n${tail}`}`,
    );
  }
  return {
    exitCode: status.exitCode,
    signal: status.signal,
    output: capture.text(),
    truncated: capture.truncated,
    durationMs,
  };
}

/** The result as the model reads it: the exit status and duration, then the output. */
export function renderCommandResult(result: CommandResult): string {
  const status =
    result.exitCode !== null ? `Exit code ${result.exitCode}` : `Killed by ${result.signal ?? 'a signal'}`;
  return `${status} (${formatDuration(result.durationMs)})\n${result.output === '' ? '(no output)' : result.output}`;
}

// Pagers would wait for a terminal that is not there.
function commandEnvironment(): NodeJS.ProcessEnv {
  return { ...process.env, PAGER: 'cat', GIT_PAGER: 'cat', GIT_TERMINAL_PROMPT: '0' };
}
