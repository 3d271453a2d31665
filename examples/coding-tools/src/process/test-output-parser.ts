/** Test counts read from a runner's output. */
export interface TestCounts {
  readonly passed: number;
  readonly failed: number;
  readonly skipped: number;
  /** The planned or reported total, when the output says it. */
  readonly total?: number;
  /** Names of failed tests, in order (at most `MAX_FAILURE_NAMES`). */
  readonly failures: readonly string[];
}

/** Failed test names kept. */
export const MAX_FAILURE_NAMES = 50;

const TAP_PLAN = /^1\.\.(\d+)/;
const TAP_RESULT = /^(not )?ok\b\s*\d*\s*(?:-\s*)?(.*)$/;
const TAP_DIRECTIVE = /#\s*(skip|todo)\b/i;
const JEST_SUMMARY = /^Tests:\s+(.*)$/;
const MARK_PASSED = /^\s*[✓✔√]\s+(.*)$/;
const MARK_FAILED = /^\s*[✕✖✗×]\s+(.*)$/;
// node --test's spec reporter (the default from Node 23 on, also without a terminal): its closing
// `ℹ pass 1` / `ℹ fail 1` lines are authoritative, and after `✖ failing tests:` it lists each
// failed test a second time, which must not count again.
const NODE_SUMMARY = /^ℹ (tests|pass|fail|skipped|todo) (\d+)\s*$/;
const NODE_FAILURE_LIST = /^✖ failing tests:\s*$/;

/**
 * Reads test progress from output lines of the common runners: TAP (`ok 1 - name`, `not ok 2 - name`,
 * `1..5`; `node --test --test-reporter=tap`), jest's and mocha's `✓`/`✕` marks and jest's `Tests:`
 * summary (which, when present, is authoritative). Unknown formats simply give no counts.
 */
export class TestOutputParser {
  #passed = 0;
  #failed = 0;
  #skipped = 0;
  #total: number | undefined;
  #failures: string[] = [];
  #summary: { passed: number; failed: number; skipped: number; total?: number } | undefined;
  #nodeSummary: { passed: number; failed: number; skipped: number; total?: number } | undefined;
  #inFailureList = false;

  add(line: string): void {
    if (NODE_FAILURE_LIST.test(line)) {
      this.#inFailureList = true;
      return;
    }
    if (this.#inFailureList) return;
    const node = NODE_SUMMARY.exec(line);
    if (node) {
      const summary = (this.#nodeSummary ??= { passed: 0, failed: 0, skipped: 0 });
      const count = Number(node[2]);
      if (node[1] === 'tests') summary.total = count;
      else if (node[1] === 'pass') summary.passed = count;
      else if (node[1] === 'fail') summary.failed = count;
      else summary.skipped += count;
      return;
    }
    const plan = TAP_PLAN.exec(line);
    if (plan) {
      this.#total = Number(plan[1]);
      return;
    }
    const tap = TAP_RESULT.exec(line);
    if (tap) {
      const name = tap[2]!.replace(/\s*#.*$/, '').trim();
      if (TAP_DIRECTIVE.test(line)) this.#skipped += 1;
      else if (tap[1] !== undefined) this.#fail(name);
      else this.#passed += 1;
      return;
    }
    const summary = JEST_SUMMARY.exec(line);
    if (summary) {
      const count = (word: string): number =>
        Number(new RegExp(`(\\d+) ${word}`).exec(summary[1]!)?.[1] ?? 0);
      const total = /(\d+) total/.exec(summary[1]!)?.[1];
      this.#summary = {
        passed: count('passed'),
        failed: count('failed'),
        skipped: count('skipped') + count('todo'),
        ...(total === undefined ? {} : { total: Number(total) }),
      };
      return;
    }
    const passed = MARK_PASSED.exec(line);
    if (passed) {
      this.#passed += 1;
      return;
    }
    const failed = MARK_FAILED.exec(line);
    if (failed) this.#fail(failed[1]!.replace(/\s*\(\d+(?:\.\d+)?\s*m?s\)$/, '').trim());
  }

  counts(): TestCounts {
    const base = this.#summary ??
      this.#nodeSummary ?? {
        passed: this.#passed,
        failed: this.#failed,
        skipped: this.#skipped,
        total: this.#total,
      };
    return { ...base, failures: [...this.#failures] };
  }

  #fail(name: string): void {
    this.#failed += 1;
    if (this.#failures.length < MAX_FAILURE_NAMES)
      this.#failures.push(name === '' ? `test ${this.#failed}` : name);
  }
}
