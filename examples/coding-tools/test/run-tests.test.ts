import { createCallContext, type CustomProgress } from '@toolwright/core';
import type { ToolServerHandle } from '@toolwright/registry';
import { createCodingRegistry, TestJobs, type TestJobStatus, type TestRunResult } from '../src';
import { call, eventually, kindOf, makeTempDir, noSuchProcess, removeTempDir, writeFile } from './helpers';

let root: string;
const seen: number[] = [];

// A TAP-speaking test suite that takes a little while, like `node --test --test-reporter=tap`.
const SUITE = `
echo "TAP version 13"
echo "1..4"
sleep 0.15; echo "ok 1 - adds"
sleep 0.15; echo "not ok 2 - subtracts"
echo "  ---"
echo "  expected: 1"
echo "  ..."
sleep 0.15; echo "ok 3 - multiplies # SKIP not today"
sleep 0.15; echo "ok 4 - divides"
[ "$1" = "only passing" ] && exit 0
exit 1
`;

beforeAll(() => {
  root = makeTempDir('tests');
  writeFile(root, 'suite.sh', SUITE);
  writeFile(root, 'green.sh', 'echo "1..2"; sleep 0.1; echo "ok 1 - a"; sleep 0.1; echo "ok 2 - b"\n');
  writeFile(root, 'slow.sh', 'echo $$; echo "1..1"; sleep 30\n');
});

afterAll(async () => {
  expect(await eventually(() => seen.every(noSuchProcess), 5000)).toBe(true);
  removeTempDir(root);
});

function registry(command: string, extra: { timeoutMs?: number; jobs?: TestJobs } = {}): ToolServerHandle {
  return createCodingRegistry({
    root,
    tests: {
      command,
      pollIntervalMs: 50,
      ...(extra.timeoutMs === undefined ? {} : { timeoutMs: extra.timeoutMs }),
    },
    ...(extra.jobs === undefined ? {} : { testJobs: extra.jobs }),
  }).finalize();
}

const custom = (items: readonly { kind: string }[]): CustomProgress[] =>
  items.filter((item): item is CustomProgress => item.kind === 'custom');

describe('run_tests (start → poll → collect)', () => {
  it('starts the job, reports progress at each poll, and collects a failing result with the failed tests', async () => {
    const outcome = await call(registry('sh suite.sh'), 'run_tests', {});
    const progress = custom(outcome.progress);
    expect(progress[0]).toMatchObject({ subkind: 'tests.started', payload: { command: 'sh suite.sh' } });
    seen.push((progress[0]!.payload as { pid: number }).pid);
    const polls = progress.filter((item) => item.subkind === 'tests.poll');
    // The suite takes ~600 ms and is polled every 50 ms: progress arrives while it runs.
    expect(polls.length).toBeGreaterThanOrEqual(4);
    const counts = polls.map((item) => item.current);
    expect(counts).toEqual([...counts].sort((a, b) => a! - b!));
    expect(polls.some((item) => item.current! > 0 && item.current! < 4)).toBe(true);
    expect(polls[polls.length - 1]).toMatchObject({ current: 4, total: 4 });
    expect((polls[0]!.payload as TestJobStatus).state).toBe('running');

    expect(kindOf(outcome.result)).toBe('ok');
    const result = outcome.result.ok ? (outcome.result.value as TestRunResult) : undefined;
    expect(result).toMatchObject({
      exitCode: 1,
      passed: false,
      counts: { passed: 2, failed: 1, skipped: 1, total: 4, failures: ['subtracts'] },
    });
    expect(outcome.text).toMatch(
      /^Tests failed: 2 passed, 1 failed, 1 skipped \(of 4\) in [\d.]+ m?s \(exit code 1\)\.\nFailed tests:\n {2}- subtracts\nOutput \(end\):\nTAP version 13\n/,
    );
  });

  it('collects a passing run as one line', async () => {
    const outcome = await call(registry('sh green.sh'), 'run_tests', {});
    seen.push((custom(outcome.progress)[0]!.payload as { pid: number }).pid);
    expect(outcome.text).toMatch(
      /^Tests passed: 2 passed, 0 failed \(of 2\) in [\d.]+ m?s \(exit code 0\)\.$/,
    );
  });

  it('reports the exit in its last progress even when the job ends while the consumer is busy', async () => {
    // The consumer lingers on the first `running` poll until the job is gone: the loop must still
    // poll once more rather than see `done` and return without saying the job exited.
    const handle = registry('sh green.sh');
    const stream = handle.execute('run_tests', '{}', createCallContext({ toolName: 'run_tests' }));
    const polls: TestJobStatus[] = [];
    for await (const item of stream) {
      if (item.type !== 'progress' || item.kind !== 'custom') continue;
      if (item.subkind === 'tests.started') seen.push((item.payload as { pid: number }).pid);
      if (item.subkind !== 'tests.poll') continue;
      polls.push(item.payload as TestJobStatus);
      if (polls.length === 1) await new Promise((resolve) => setTimeout(resolve, 600));
    }
    expect(polls[0]!.state).toBe('running');
    expect(polls[polls.length - 1]).toMatchObject({ state: 'exited', counts: { passed: 2, total: 2 } });
  });

  it('passes the filter as one quoted argument', async () => {
    const outcome = await call(registry('sh suite.sh'), 'run_tests', { filter: 'only passing' });
    seen.push((custom(outcome.progress)[0]!.payload as { pid: number }).pid);
    expect(outcome.result.ok && (outcome.result.value as TestRunResult)).toMatchObject({
      command: "sh suite.sh 'only passing'",
      exitCode: 0,
    });
    const quoted = await call(registry('echo'), 'run_tests', { filter: "it's; rm -rf /" });
    expect(quoted.result.ok && (quoted.result.value as TestRunResult).output).toBe("it's; rm -rf /");
  });

  it('stops the job at its timeout, reporting timeout with the last output', async () => {
    const jobs = new TestJobs();
    const outcome = await call(registry('sh slow.sh', { timeoutMs: 300, jobs }), 'run_tests', {});
    const pid = (custom(outcome.progress)[0]!.payload as { pid: number }).pid;
    seen.push(pid);
    expect(kindOf(outcome.result)).toBe('timeout');
    expect(outcome.text).toMatch(
      /^The tests did not finish within 300 ms and were stopped\. Their last output:\n\d+\n1\.\.1$/,
    );
    expect(jobs.size).toBe(0);
    expect(await eventually(() => noSuchProcess(pid))).toBe(true);
  });

  it('stops the job when the call is cancelled', async () => {
    const jobs = new TestJobs();
    const controller = new AbortController();
    let pid = 0;
    const outcome = await call(
      registry('sh slow.sh', { jobs }),
      'run_tests',
      {},
      {
        signal: controller.signal,
        onProgress: (item) => {
          if (item.kind !== 'custom') return;
          if (item.subkind === 'tests.started') pid = (item.payload as { pid: number }).pid;
          if (item.subkind === 'tests.poll') controller.abort();
        },
      },
    );
    seen.push(pid);
    expect(kindOf(outcome.result)).toBe('cancelled');
    expect(await eventually(() => noSuchProcess(pid))).toBe(true);
    expect(await eventually(() => jobs.size === 0)).toBe(true);
  });
});
