import { randomUUID } from 'node:crypto';
import { ToolError } from '@toolwright/core';
import { OutputCapture } from '../text/output-capture';
import { ProcessGroup } from './process-group';
import { TestOutputParser, type TestCounts } from './test-output-parser';

/** Test runs one `TestJobs` lets run at once. */
export const MAX_RUNNING_TEST_JOBS = 2;

/** What a poll sees of a running (or finished) job. */
export interface TestJobStatus {
  readonly id: string;
  readonly state: 'running' | 'exited';
  readonly elapsedMs: number;
  readonly counts: TestCounts;
  /** Output lines received since the previous poll. */
  readonly newLines: number;
  /** The latest output line, for a one-line progress display. */
  readonly lastLine?: string;
}

/** What collecting a finished job gives. */
export interface TestRunResult {
  readonly id: string;
  readonly command: string;
  readonly exitCode: number | null;
  readonly signal: string | null;
  readonly passed: boolean;
  readonly counts: TestCounts;
  readonly durationMs: number;
  /** The output, capped with a marker. */
  readonly output: string;
}

/** One test command running in the background. */
export class TestJob {
  readonly id = randomUUID();
  readonly startedAt = Date.now();
  readonly #parser = new TestOutputParser();
  readonly #capture: OutputCapture;
  #lastLine: string | undefined;

  constructor(
    readonly command: string,
    private readonly group: ProcessGroup,
    maxOutputCharacters: number,
  ) {
    this.#capture = new OutputCapture(maxOutputCharacters);
  }

  /** The process group leader's id. */
  get pid(): number {
    return this.group.pid;
  }

  /** Whether the command has exited (and its output is drained). */
  get done(): boolean {
    return this.group.done;
  }

  /** Reads what arrived since the last poll. */
  poll(): TestJobStatus {
    const lines = this.group.takeLines();
    for (const line of lines) {
      this.#capture.add(line.text);
      this.#parser.add(line.text);
      if (line.text.trim() !== '') this.#lastLine = line.text;
    }
    return {
      id: this.id,
      state: this.group.done ? 'exited' : 'running',
      elapsedMs: Date.now() - this.startedAt,
      counts: this.#parser.counts(),
      newLines: lines.length,
      ...(this.#lastLine === undefined ? {} : { lastLine: this.#lastLine }),
    };
  }

  /** Waits until the job exits, `ms` pass, or `signal` aborts — whichever comes first. */
  wait(ms: number, signal?: AbortSignal): Promise<void> {
    if (this.group.done || signal?.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const finish = (): void => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', finish);
        resolve();
      };
      const timer = setTimeout(finish, ms);
      signal?.addEventListener('abort', finish, { once: true });
      void this.group.exited.then(finish);
    });
  }

  /** Stops the command and everything it started. */
  cancel(): void {
    this.group.kill();
  }

  /** Waits for the exit, then the result. */
  async result(): Promise<TestRunResult> {
    const status = await this.group.exited;
    const counts = this.poll().counts;
    return {
      id: this.id,
      command: this.command,
      exitCode: status.exitCode,
      signal: status.signal,
      passed: status.exitCode === 0 && counts.failed === 0,
      counts,
      durationMs: Date.now() - this.startedAt,
      output: this.#capture.text(),
    };
  }

  /** The last `max` characters of output. */
  outputTail(max: number): string {
    return this.#capture.last(max);
  }
}

/**
 * The background test runs of one registry: start a job, poll it while it runs, collect its result
 * (which forgets it). Transient (process handles are not state one could snapshot); `stopAll()` stops
 * whatever is still running, for a host shutting down.
 */
export class TestJobs {
  readonly #jobs = new Map<string, TestJob>();

  /** Starts `script` with `/bin/sh -c` in `cwd`, in a process group of its own. */
  async start(script: string, cwd: string, maxOutputCharacters: number): Promise<TestJob> {
    const running = [...this.#jobs.values()].filter((job) => !job.done).length;
    if (running >= MAX_RUNNING_TEST_JOBS) {
      throw ToolError.concurrencyLimited(
        `${running} test runs are already in progress, the most allowed. Wait for one to finish.`,
        { retryAfterMs: 5000 },
      );
    }
    const group = await ProcessGroup.start({ file: '/bin/sh', args: ['-c', script], cwd });
    const job = new TestJob(script, group, maxOutputCharacters);
    this.#jobs.set(job.id, job);
    return job;
  }

  /** A job by id. */
  get(id: string): TestJob | undefined {
    return this.#jobs.get(id);
  }

  /** Waits for a job to exit and returns its result; the job is forgotten. */
  async collect(id: string): Promise<TestRunResult> {
    const job = this.#jobs.get(id);
    if (job === undefined) throw ToolError.notFound(`There is no test run ${id}.`);
    try {
      return await job.result();
    } finally {
      this.#jobs.delete(id);
    }
  }

  /** Stops a job and forgets it. */
  cancel(id: string): void {
    this.#jobs.get(id)?.cancel();
    this.#jobs.delete(id);
  }

  /** Jobs not yet collected. */
  get size(): number {
    return this.#jobs.size;
  }

  /** Stops every job. */
  stopAll(): void {
    for (const job of this.#jobs.values()) job.cancel();
    this.#jobs.clear();
  }
}
