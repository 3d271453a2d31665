import type { ProgressItem } from '@toolwright/core';
import type { ToolServerHandle } from '@toolwright/registry';
import { createCodingRegistry, type CommandResult } from '../src';
import { call, eventually, isGone, kindOf, makeTempDir, noSuchProcess, removeTempDir } from './helpers';

let root: string;
let native: ToolServerHandle;
let codex: ToolServerHandle;
let opencode: ToolServerHandle;
// Every process id a test saw, checked to be gone at the end.
const seen: number[] = [];

beforeAll(() => {
  root = makeTempDir('shell');
  native = createCodingRegistry({ root, shell: { maxOutputCharacters: 2000 } }).finalize();
  codex = createCodingRegistry({ root, dialect: 'codex' }).finalize();
  opencode = createCodingRegistry({ root, dialect: 'opencode' }).finalize();
});

afterAll(async () => {
  expect(await eventually(() => seen.every(isGone), 5000)).toBe(true);
  removeTempDir(root);
});

const texts = (items: readonly ProgressItem[]): string[] =>
  items.flatMap((item) => (item.kind === 'text' ? [item.text] : []));

describe('shell', () => {
  it('streams each output line as a text progress item, then returns the exit code and output', async () => {
    const outcome = await call(native, 'shell', {
      command: 'for i in 1 2 3; do echo "line $i"; sleep 0.05; done; echo oops >&2; exit 3',
    });
    expect(texts(outcome.progress)).toEqual(['line 1', 'line 2', 'line 3', 'oops']);
    expect(outcome.result.ok && (outcome.result.value as CommandResult)).toMatchObject({
      exitCode: 3,
      signal: null,
      output: 'line 1\nline 2\nline 3\noops',
      truncated: false,
    });
    expect(outcome.text).toMatch(
      /^Exit code 3 \((?:\d+ ms|\d+(?:\.\d+)? s)\)\nline 1\nline 2\nline 3\noops$/,
    );
  });

  it('runs in the workspace root with stdin closed', async () => {
    const outcome = await call(native, 'shell', { command: 'pwd; cat; echo done' });
    expect(outcome.result.ok && (outcome.result.value as CommandResult).output).toBe(`${root}\ndone`);
  });

  it('caps long output, keeping its beginning and end around a marker', async () => {
    const outcome = await call(native, 'shell', { command: 'seq 1 5000' });
    const result = outcome.result.ok ? (outcome.result.value as CommandResult) : undefined;
    expect(result?.truncated).toBe(true);
    expect(result?.output.startsWith('1\n2\n3\n')).toBe(true);
    expect(result?.output.endsWith('4999\n5000')).toBe(true);
    expect(result?.output).toMatch(/\[… 21\.\d KiB of output omitted …\]/);
    expect(result!.output.length).toBeLessThan(2100);
    // Every line was still streamed as progress.
    expect(texts(outcome.progress)).toHaveLength(5000);
  });

  it('on cancellation kills the whole process group: the shell and what it started are gone', async () => {
    const controller = new AbortController();
    const pids: number[] = [];
    const started = Date.now();
    const outcome = await call(
      native,
      'shell',
      { command: 'echo $$; sleep 30 & echo $!; wait' },
      {
        signal: controller.signal,
        onProgress: (item) => {
          if (item.kind === 'text') pids.push(Number(item.text));
          if (pids.length === 2) controller.abort();
        },
      },
    );
    seen.push(...pids);
    expect(kindOf(outcome.result)).toBe('cancelled');
    expect(Date.now() - started).toBeLessThan(5000);
    const [shell, sleeper] = pids as [number, number];
    // The shell is our child: once reaped, kill(pid, 0) fails with ESRCH.
    expect(await eventually(() => noSuchProcess(shell))).toBe(true);
    expect(await eventually(() => isGone(sleeper))).toBe(true);
  });

  it('on timeout stops the command and reports timeout with its last output', async () => {
    const pids: number[] = [];
    const outcome = await call(
      native,
      'shell',
      { command: 'echo $$; echo started; sleep 30', timeout_ms: 300 },
      {
        onProgress: (item) => item.kind === 'text' && /^\d+$/.test(item.text) && pids.push(Number(item.text)),
      },
    );
    seen.push(...pids);
    expect(kindOf(outcome.result)).toBe('timeout');
    expect(outcome.text).toMatch(
      /^The command did not finish within 300 ms and was stopped \(with every process it started\)\. Its last output:\n\d+\nstarted$/,
    );
    expect(await eventually(() => noSuchProcess(pids[0]!))).toBe(true);
  });

  it('stops background processes when the command exits instead of waiting for them', async () => {
    const started = Date.now();
    const outcome = await call(native, 'shell', { command: 'sleep 30 & echo $!' });
    const pid = Number(outcome.result.ok && (outcome.result.value as CommandResult).output);
    seen.push(pid);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await eventually(() => isGone(pid))).toBe(true);
  });

  // F28 / R23: setsid puts a process in a new session and group, out of reach of the group kill.
  // Each command waits until its grandchild leads its own session (field 6 of /proc/<pid>/stat),
  // so the group kill alone can never reach it, and prints its pid.
  const LEADS_SESSION =
    'pid=$!; while [ "$(cut -d\' \' -f6 /proc/$pid/stat)" != "$pid" ]; do sleep 0.01; done; echo $pid';
  describe('descendants that left the process group with setsid', () => {
    it('a setsid grandchild holding the output pipe is killed when the command exits (no wait for it)', async () => {
      const started = Date.now();
      // Waits until the grandchild leads its own session, so the group kill alone cannot reach it.
      const outcome = await call(native, 'shell', {
        command: `setsid sleep 30 & ${LEADS_SESSION}`,
      });
      const pid = Number(outcome.result.ok && (outcome.result.value as CommandResult).output);
      seen.push(pid);
      expect(pid).toBeGreaterThan(1);
      expect(Date.now() - started).toBeLessThan(5000);
      // Gone by the time the call returned, not merely eventually.
      expect(isGone(pid)).toBe(true);
    });

    it('a setsid session with its own child, output redirected, is gone when the command ends', async () => {
      const outcome = await call(native, 'shell', {
        command:
          "rm -f tree.pid; setsid sh -c 'sleep 30 & echo $$ $! > tree.pid; wait' </dev/null >/dev/null 2>&1 & " +
          'while [ ! -s tree.pid ]; do sleep 0.01; done; cat tree.pid',
      });
      const pids = (outcome.result.ok ? (outcome.result.value as CommandResult).output : '')
        .split(' ')
        .map(Number);
      seen.push(...pids);
      expect(pids).toHaveLength(2);
      expect(pids.every((pid) => pid > 1)).toBe(true);
      expect(pids.filter((pid) => !isGone(pid))).toEqual([]);
    });

    it('a setsid grandchild that also cleared its environment is killed if it was seen while its parent lived', async () => {
      const outcome = await call(native, 'shell', {
        command: `env -i /usr/bin/setsid sleep 30 & ${LEADS_SESSION}; sleep 1.2`,
      });
      const pid = Number(outcome.result.ok && (outcome.result.value as CommandResult).output);
      seen.push(pid);
      expect(pid).toBeGreaterThan(1);
      expect(isGone(pid)).toBe(true);
    });

    it('a setsid grandchild is killed on timeout', async () => {
      const pids: number[] = [];
      const outcome = await call(
        native,
        'shell',
        {
          command: `setsid sh -c 'sleep 30' </dev/null >/dev/null 2>&1 & ${LEADS_SESSION}; sleep 30`,
          timeout_ms: 300,
        },
        {
          onProgress: (item) =>
            item.kind === 'text' && /^\d+$/.test(item.text) && pids.push(Number(item.text)),
        },
      );
      seen.push(...pids);
      expect(kindOf(outcome.result)).toBe('timeout');
      expect(pids).toHaveLength(1);
      expect(isGone(pids[0]!)).toBe(true);
    });

    it('a setsid grandchild is killed on cancellation, even one that ignores SIGTERM', async () => {
      const controller = new AbortController();
      const pids: number[] = [];
      const started = Date.now();
      const outcome = await call(
        native,
        'shell',
        {
          command: `setsid sh -c 'trap "" TERM; while :; do sleep 0.05; done' </dev/null >/dev/null 2>&1 & ${LEADS_SESSION}; wait`,
        },
        {
          signal: controller.signal,
          onProgress: (item) => {
            if (item.kind === 'text') pids.push(Number(item.text));
            controller.abort();
          },
        },
      );
      seen.push(...pids);
      expect(kindOf(outcome.result)).toBe('cancelled');
      expect(pids).toHaveLength(1);
      expect(pids[0]).toBeGreaterThan(1);
      expect(await eventually(() => isGone(pids[0]!), 5000)).toBe(true);
      expect(Date.now() - started).toBeLessThan(5000);
    });
  });

  it('is cancelled before it starts when the signal is already aborted', async () => {
    const outcome = await call(native, 'shell', { command: 'echo never' }, { signal: AbortSignal.abort() });
    expect(kindOf(outcome.result)).toBe('cancelled');
    expect(outcome.progress).toEqual([]);
  });
});

describe("the dialects' shells", () => {
  it("codex's shell runs an argument vector without a shell, in a working directory", async () => {
    const outcome = await call(codex, 'shell', { command: ['sh', '-c', 'echo "$0 $1"; pwd', 'a b', 'c'] });
    expect(texts(outcome.progress)).toEqual(['a b c', root]);
    expect(outcome.text).toMatch(/^Exit code: 0\nWall time: (?:\d+ ms|\d+(?:\.\d+)? s)\nOutput:\na b c\n/);
    const missing = await call(codex, 'shell', { command: ['definitely-not-a-program-xyz'] });
    expect(kindOf(missing.result)).toBe('not_found');
    expect(missing.text).toBe('The program "definitely-not-a-program-xyz" was not found.');
    const outside = await call(codex, 'shell', { command: ['pwd'], workdir: '..' });
    expect(kindOf(outside.result)).toBe('permission_denied');
  });

  it("codex's shell refuses an empty argument vector (the array thunk gives the schema minItems)", async () => {
    const outcome = await call(codex, 'shell', { command: [] });
    expect(kindOf(outcome.result)).toBe('invalid_arguments');
    expect(codex.get('shell')!.inputSchema['properties']).toMatchObject({
      command: { type: 'array', items: { type: 'string' }, minItems: 1 },
    });
  });

  it("opencode's Bash streams and is cancelled the same way", async () => {
    const controller = new AbortController();
    const pids: number[] = [];
    const outcome = await call(
      opencode,
      'Bash',
      { command: 'echo $$; sleep 30', description: 'Wait a while' },
      {
        signal: controller.signal,
        onProgress: (item) => {
          if (item.kind === 'text') pids.push(Number(item.text));
          controller.abort();
        },
      },
    );
    seen.push(...pids);
    expect(kindOf(outcome.result)).toBe('cancelled');
    expect(await eventually(() => noSuchProcess(pids[0]!))).toBe(true);
  });
});
