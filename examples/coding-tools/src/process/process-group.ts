import { spawn, type ChildProcess } from 'node:child_process';
import { StringDecoder } from 'node:string_decoder';
import { LineSplitter } from '../text/line-splitter';
import {
  findProcessTree,
  isProcessGone,
  newProcessTreeMarker,
  processStart,
  PROCESS_TREE_VARIABLE,
} from './process-tree';

/** How long a stopped process group has between SIGTERM and SIGKILL. */
export const KILL_GRACE_MS = 2000;
/** How often a running command's tree is looked at, to remember members that may lose every link to it later. */
const TRACK_INTERVAL_MS = 500;
/** How long `exited` waits for swept processes to be gone after their SIGKILL. */
const SWEEP_SETTLE_MS = 1000;
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
 * something new. When the leader exits, whatever it left running is killed, so stray background
 * processes cannot hold the output pipes open; `exited` resolves once they are gone.
 *
 * A process group is not enough (R23): a descendant can leave it with `setsid` (a new session and
 * group), and once its parent exits it is init's child. So every process of the command carries a
 * marker in its environment, and each signal also goes to every process `/proc` shows with that
 * marker, in the group, or descended from either (see `findProcessTree`). While the command runs,
 * its tree is looked at every `TRACK_INTERVAL_MS` and its members remembered (with their start
 * time, so a reused id is never signalled): a descendant that cleared its environment and left
 * the session is still killed if it was seen once while its parent lived.
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
  readonly #marker: string;
  // Every process a sweep signalled: `exited` waits until they are gone.
  readonly #swept = new Set<number>();
  #sweeping: Promise<void> = Promise.resolve();
  // Members seen while the command ran: pid → start time.
  readonly #known = new Map<number, string>();
  readonly #tracker: NodeJS.Timeout;
  #tracking = false;

  private constructor(child: ChildProcess, pid: number, marker: string) {
    this.#child = child;
    this.pid = pid;
    this.#marker = marker;
    this.#read(child.stdout, 'stdout');
    this.#read(child.stderr, 'stderr');
    this.#tracker = setInterval(() => void this.#track(), TRACK_INTERVAL_MS);
    this.#tracker.unref();
    child.once('exit', () => {
      clearInterval(this.#tracker);
      this.#signalTree('SIGKILL');
    });
    this.exited = new Promise<ExitStatus>((resolve) => {
      child.once('close', (exitCode: number | null, signal: NodeJS.Signals | null) => {
        // One last sweep: a process may have forked between the exit sweep and the close.
        this.#signalTree('SIGKILL');
        void this.#settled().then(() => {
          this.#status = { exitCode, signal };
          this.#notify();
          resolve(this.#status);
        });
      });
    });
  }

  /** Starts a process in a new process group; rejects when it cannot start (e.g. the executable is missing). */
  static start(spec: ProcessSpec): Promise<ProcessGroup> {
    return new Promise((resolve, reject) => {
      let child: ChildProcess;
      const marker = newProcessTreeMarker();
      try {
        child = spawn(spec.file, [...spec.args], {
          cwd: spec.cwd,
          env: { ...(spec.env ?? process.env), [PROCESS_TREE_VARIABLE]: marker },
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
      child.once('spawn', () => resolve(new ProcessGroup(child, child.pid!, marker)));
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
    this.#signalTree('SIGTERM');
    this.#killTimer = setTimeout(() => this.#signalTree('SIGKILL'), KILL_GRACE_MS);
    // Best effort: a host that is exiting need not wait for the escalation.
    this.#killTimer.unref();
  }

  // The group at once (synchronously), then the rest of the tree as /proc shows it.
  #signalTree(signal: NodeJS.Signals): void {
    signalProcess(-this.pid, signal);
    this.#sweeping = this.#sweeping.then(async () => {
      for (const member of await findProcessTree(this.pid, this.#marker))
        this.#known.set(member.pid, member.start);
      for (const [pid, start] of this.#known) {
        // A remembered id whose start time changed is another process now: leave it alone.
        if ((await processStart(pid)) !== start) {
          this.#known.delete(pid);
          continue;
        }
        if (signalProcess(pid, signal)) this.#swept.add(pid);
      }
    });
  }

  async #track(): Promise<void> {
    if (this.#tracking || this.#status !== undefined) return;
    this.#tracking = true;
    try {
      for (const member of await findProcessTree(this.pid, this.#marker))
        this.#known.set(member.pid, member.start);
    } finally {
      this.#tracking = false;
    }
  }

  // Resolves when the sweeps are done and what they signalled is gone (bounded: a process in
  // uninterruptible sleep cannot be waited for forever).
  async #settled(): Promise<void> {
    await this.#sweeping;
    const deadline = Date.now() + SWEEP_SETTLE_MS;
    for (const pid of this.#swept) {
      while (!(await isProcessGone(pid)) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
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

function signalProcess(pid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(pid, signal);
    return true;
  } catch {
    return false; // ESRCH: already gone
  }
}
