import { formatDuration } from '../text/format-bytes';
import type { TestCounts } from './test-output-parser';
import type { TestRunResult } from './test-jobs';

/** `3 passed, 1 failed, 2 skipped (of 6)`, or `no test counts in the output`. */
export function describeCounts(counts: TestCounts): string {
  const parts = [`${counts.passed} passed`, `${counts.failed} failed`];
  if (counts.skipped > 0) parts.push(`${counts.skipped} skipped`);
  const seen = counts.passed + counts.failed + counts.skipped;
  if (seen === 0 && counts.total === undefined) return 'no test counts in the output';
  return `${parts.join(', ')}${counts.total === undefined ? '' : ` (of ${counts.total})`}`;
}

/** A test run for the model: the verdict and counts; on failure, the failed tests and the output's end. */
export function renderTestRun(result: TestRunResult): string {
  const exit =
    result.exitCode !== null ? `exit code ${result.exitCode}` : `killed by ${result.signal ?? 'a signal'}`;
  const verdict = result.passed ? 'Tests passed' : 'Tests failed';
  const head = `${verdict}: ${describeCounts(result.counts)} in ${formatDuration(result.durationMs)} (${exit}).`;
  if (result.passed) return head;
  const failures =
    result.counts.failures.length === 0
      ? ''
      : `\nFailed tests:\n${result.counts.failures.map((name) => `  - ${name}`).join('\n')}`;
  const tail = result.output.length > 6000 ? `…${result.output.slice(-6000)}` : result.output;
  return `${head}${failures}\nOutput (end):\n${tail === '' ? '(no output)' : tail}`;
}
