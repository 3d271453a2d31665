import { spawn, type ChildProcess } from 'node:child_process';
import { StringDecoder } from 'node:string_decoder';
import { LineSplitter } from '../text/line-splitter';

/** How long a stopped process group has between SIGTERM and SIGKILL. */
export const KILL_GRACE_MS = 2000;
/** Characters kept of one output line. */
export const MAX_OUTPUT_LINE_CHARACTERS = 4000;

/** What to start: an executable and its arguments (no shell unless the executable is one). */
export interface ProcessSpec {
  readonly file: string;
  readonly args: readonly string[];
  readonly cwd: string;
  readonly env?: NodeJS.ProcessEnv;
}

/** How a process group's leader ended. */
export interface ExitStatus {
  readonly exitCode: number | null;
  readonly signal: NodeJS.Signals | null;
}

/** One line of output, from stdout or stderr. */
export interface OutputLine {
  readonly stream: 'stdout' | 'stderr';
  readonly text: string;
}

/**
 * A child process started in a process group of its own (`detached`), so that stopping it stops
 * everything it started: `kill()` signals the whole group (SIGTERM, then SIGKILL after a grace
 * period). Output arrives as lines, pulled with `takeLines()`; `changed()` resolves when there is
 * something new. When the leader exits, whatever it left running in its group is killed, so stray
 * background processes cannot hold the output pipes open.
 */
export class ProcessGroup {
  readonly pid: number;
  /** Resolves once the leader has exited and its output is drained. */
  readonly exited: Promise<ExitStatus>;
  readonly #child: ChildProcess;
  #lines: OutputLine[] = [];
  #status: ExitStatus | undefined;
  #wake: (() => void) | undefined;
  #killTimer: NodeJS.Timeout | undefined;
  #killed = false;

  private constructor(child: ChildProcess, pid: number) {
    this.#child = child;
    this.pid = pid;
    this.#read(child.stdout, 'stdout');
    this.#read(child.stderr, 'stderr');
    child.once('exit', () => this.#signalGroup('SIGKILL'));
    this.exited = new Promise<ExitStatus>((resolve) => {
      child.once('close', (exitCode: number | null, signal: NodeJS.Signals | null) => {
        this.#status = { exitCode, signal };
        this.#notify();
        resolve(this.#status);
      });
    });
  }

  /** Starts a process in a new process group; rejects when it cannot start (e.g. the executable is missing). */
  static start(spec: ProcessSpec): Promise<ProcessGroup> {
    return new Promise((resolve, reject) => {
      let child: ChildProcess;
      try {
        child = spawn(spec.file, [...spec.args], {
          cwd: spec.cwd,
          env: spec.env ?? process.env,
          detached: true,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
      } catch (error) {
        reject(error);
        return;
      }
      // Before 'spawn', an error means it did not start; after, the exit and close events tell the story.
      child.on('error', (error) => {
        if (child.pid === undefined) reject(error);
      });
      child.once('spawn', () => resolve(new ProcessGroup(child, child.pid!)));
    });
  }

  /** Whether the leader has exited and the output is drained. */
  get done(): boolean {
    return this.#status !== undefined;
  }

  /** The exit status, once `done`. */
  get status(): ExitStatus | undefined {
    return this.#status;
  }

  /** Whether `kill()` was called. */
  get killed(): boolean {
    return this.#killed;
  }

  /** The lines received since the last call. */
  takeLines(): OutputLine[] {
    const lines = this.#lines;
    this.#lines = [];
    return lines;
  }

  /** Resolves when a line arrives or the process ends (at once if there is something to take). */
  changed(): Promise<void> {
    if (this.#lines.length > 0 || this.done) return Promise.resolve();
    return new Promise((resolve) => {
      const previous = this.#wake;
      this.#wake = () => {
        previous?.();
        resolve();
      };
    });
  }

  /** Stops the whole group: SIGTERM now, SIGKILL after `KILL_GRACE_MS` for whatever survives. */
  kill(): void {
    if (this.#killed) return;
    this.#killed = true;
    this.#signalGroup('SIGTERM');
    this.#killTimer = setTimeout(() => this.#signalGroup('SIGKILL'), KILL_GRACE_MS);
    // Best effort: a host that is exiting need not wait for the escalation.
    this.#killTimer.unref();
  }

  #signalGroup(signal: NodeJS.Signals): void {
    try {
      process.kill(-this.pid, signal);
    } catch {
      // ESRCH: the group is already gone.
    }
  }

  #read(stream: NodeJS.ReadableStream | null, name: OutputLine['stream']): void {
    if (stream === null) return;
    const decoder = new StringDecoder('utf8');
    const splitter = new LineSplitter(MAX_OUTPUT_LINE_CHARACTERS);
    const onLine = (text: string, length: number): void => {
      const shown =
        length > MAX_OUTPUT_LINE_CHARACTERS
          ? `${text.slice(0, MAX_OUTPUT_LINE_CHARACTERS)} … [line truncated]`
          : text;
      this.#lines.push({ stream: name, text: shown });
      this.#notify();
    };
    stream.on('data', (chunk: Buffer) => splitter.push(decoder.write(chunk), onLine));
    stream.on('end', () => {
      splitter.push(decoder.end(), onLine);
      splitter.end(onLine);
    });
  }

  #notify(): void {
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.();
  }
}
