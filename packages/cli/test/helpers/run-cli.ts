import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The repository root: the e2e tests run the CLI from there, as a user of the monorepo would. */
export const ROOT = path.resolve(__dirname, '../../../..');

/** The built CLI, spawned as `node packages/cli/dist/bin.js …`. */
export const BIN = path.join(ROOT, 'packages/cli/dist/bin.js');

/** What a finished CLI run printed, and how it ended. */
export interface CliRun {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

const running = new Set<ChildProcess>();

/** Fails with the command to run when a build output the e2e tests need is missing. */
export function requireBuilt(...files: readonly string[]): void {
  for (const file of [BIN, ...files]) {
    const absolute = path.resolve(ROOT, file);
    if (!existsSync(absolute)) {
      throw new Error(
        `${path.relative(ROOT, absolute)} is missing: the e2e tests spawn the built CLI. Build first: npm run build (or npx tsc -b packages/cli ${files.map((f) => path.dirname(path.dirname(f))).join(' ')}).`,
      );
    }
  }
}

/** Options of `runCli`. */
export interface RunOptions {
  readonly env?: Readonly<Record<string, string>>;
  /** Written to stdin, which is then closed (stdin is closed at once without it). */
  readonly input?: string;
  readonly timeoutMs?: number;
}

/** Spawns the built CLI with `args` from the repository root and collects its output. */
export function runCli(args: readonly string[], options: RunOptions = {}): Promise<CliRun> {
  const child = spawnCli(args, options);
  child.stdin?.end(options.input ?? '');
  return finished(child, options.timeoutMs ?? 15_000);
}

/** Spawns the built CLI and leaves it running (stdin piped, not closed). */
export function spawnCli(args: readonly string[], options: RunOptions = {}): ChildProcess {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '', ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  running.add(child);
  child.on('exit', () => running.delete(child));
  return child;
}

/** Waits for a spawned CLI to end (killing it after `timeoutMs`) and collects its output. */
export function finished(child: ChildProcess, timeoutMs = 15_000): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the CLI did not end within ${timeoutMs} ms\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/** Kills every CLI process a test left running (call in afterAll). */
export function killAll(): void {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}

const FIXTURES = path.join(ROOT, 'packages/cli/test/fixtures');

/**
 * Compiles the TypeScript fixtures with tsc (the compiler that emits decorator metadata) into
 * `test/fixtures/dist/default` (inside the repository, so they resolve `@toolwright/*`), once for
 * the whole run: a stamp named after the sources' hash marks a finished build, and a lock
 * directory keeps parallel test files from compiling at the same time. Returns that directory,
 * relative to the repository root.
 */
export async function buildFixtures(): Promise<string> {
  const outDir = path.join(FIXTURES, 'dist/default');
  const hash = createHash('sha256');
  for (const file of [
    'tsconfig.json',
    ...readdirSync(path.join(FIXTURES, 'src')).map((name) => `src/${name}`),
  ].sort()) {
    hash.update(file).update(readFileSync(path.join(FIXTURES, file)));
  }
  const stamp = path.join(outDir, `.built-${hash.digest('hex').slice(0, 16)}`);
  const lock = `${outDir}.lock`;
  const deadline = Date.now() + 120_000;
  mkdirSync(path.dirname(lock), { recursive: true });
  while (!existsSync(stamp)) {
    try {
      mkdirSync(lock, { recursive: false });
    } catch {
      // Another test file is compiling; a lock left by a killed run is stale after two minutes.
      const since = statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
      if (Date.now() - since > 120_000) rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${lock}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    try {
      if (!existsSync(stamp)) {
        execFileSync(
          process.execPath,
          [
            require.resolve('typescript/bin/tsc'),
            '-p',
            path.join(FIXTURES, 'tsconfig.json'),
            '--outDir',
            outDir,
          ],
          {
            cwd: ROOT,
            stdio: 'pipe',
          },
        );
        writeFileSync(stamp, '');
      }
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  return path.relative(ROOT, outDir);
}

/** Waits until `condition` holds, polling. */
export async function waitFor(
  condition: () => boolean,
  timeoutMs = 10_000,
  what = 'a condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Whether process `pid` is still running. A killed process whose parent is gone may linger as a
 * zombie until the container's init reaps it: it runs nothing any more, so it counts as gone.
 */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
    throw error;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}
