import { Param, Tool, ToolError, type CustomProgress, type ToolCallContext } from '@toolwright/core';
import { inject, Params } from '@toolwright/resources';
import { TestConfig } from '../../config/test-config';
import { renderTestRun } from '../../process/render-test-run';
import { TestJobs, type TestRunResult } from '../../process/test-jobs';
import { formatDuration } from '../../text/format-bytes';
import { Workspace } from '../../workspace/workspace';

/** Arguments of run_tests. */
export class RunTestsArgs {
  @Param({
    description:
      'Only run the tests this selects: passed to the test command as one extra argument (a file or a name)',
    optional: true,
    minLength: 1,
    maxLength: 500,
  })
  filter?: string;
}

/**
 * run_tests: the long-running pattern start → poll → collect in one call. The configured test command
 * starts as a background job (`TestJobs`); the tool polls it every `pollIntervalMs`, yielding a
 * progress item with the counts so far, and collects the result when it exits. Cancelling the call
 * or reaching `timeoutMs` stops the job's whole process group.
 */
@Tool({
  name: 'run_tests',
  description:
    "Run the project's test suite (or the tests a filter selects) and report which tests failed. Prefer this " +
    'to running the test command in the shell: it can run for a long time, reports progress while it runs ' +
    'and summarises failures.',
  kind: 'process',
  readOnly: false,
  args: RunTestsArgs,
})
export class RunTests {
  constructor(
    @inject(Workspace) private readonly workspace: Workspace,
    @inject(TestJobs) private readonly jobs: TestJobs,
    @inject(Params.of(TestConfig)) private readonly config: Params<TestConfig>,
  ) {}

  async *execute(
    args: RunTestsArgs,
    ctx: ToolCallContext,
  ): AsyncGenerator<CustomProgress, TestRunResult, undefined> {
    const command =
      args.filter === undefined ? this.config.command : `${this.config.command} ${shellQuote(args.filter)}`;
    // start
    const job = await this.jobs.start(command, this.workspace.root, this.config.maxOutputCharacters);
    let collected = false;
    try {
      yield {
        type: 'progress',
        kind: 'custom',
        subkind: 'tests.started',
        payload: { jobId: job.id, pid: job.pid, command },
      };
      const deadline = job.startedAt + this.config.timeoutMs;
      // poll: until a poll has reported the exit, so the last progress always says `exited` (the
      // job may end while the consumer handles a `running` poll)
      for (let state = 'running'; state !== 'exited';) {
        await job.wait(Math.min(this.config.pollIntervalMs, Math.max(0, deadline - Date.now())), ctx.signal);
        if (ctx.signal.aborted)
          throw ToolError.cancelled('The test run was cancelled; its processes were stopped.');
        if (!job.done && Date.now() >= deadline) {
          const tail = job.outputTail(2000);
          throw ToolError.timeout(
            `The tests did not finish within ${formatDuration(this.config.timeoutMs)} and were stopped.${tail === '' ? '' : ` Their last output:\n${tail}`}`,
          );
        }
        const status = job.poll();
        state = status.state;
        const { passed, failed, skipped, total } = status.counts;
        yield {
          type: 'progress',
          kind: 'custom',
          subkind: 'tests.poll',
          payload: status,
          current: passed + failed + skipped,
          ...(total === undefined ? {} : { total }),
        };
      }
      // collect
      collected = true;
      return await this.jobs.collect(job.id);
    } finally {
      if (!collected) this.jobs.cancel(job.id);
    }
  }

  toContent(result: TestRunResult): string {
    return renderTestRun(result);
  }
}

function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}
