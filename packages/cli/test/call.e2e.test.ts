import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { finished, isRunning, killAll, requireBuilt, runCli, spawnCli, waitFor } from './helpers/run-cli';

describe('toolwright call', () => {
  let workspace: string;
  let env: Record<string, string>;

  beforeAll(() => {
    requireBuilt('examples/coding-tools/dist/index.js');
    workspace = mkdtempSync(path.join(tmpdir(), 'toolwright-cli-call-'));
    writeFileSync(path.join(workspace, 'notes.txt'), 'first line\nsecond line\n');
    env = { TOOLWRIGHT_WORKSPACE: workspace };
  });

  afterAll(() => {
    killAll();
    rmSync(workspace, { recursive: true, force: true });
  });

  it('runs read_file and prints its content', async () => {
    const run = await runCli(['call', 'examples/coding-tools', 'read_file', '{"path":"notes.txt"}'], { env });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/1\tfirst line\n\s*2\tsecond line/);
  });

  it('reads the arguments from stdin with "-" and prints the whole result with --json', async () => {
    const run = await runCli(['call', 'examples/coding-tools', 'read_file', '-', '--json'], {
      env,
      input: '{"path":"notes.txt","offset":2}',
    });
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as {
      ok: boolean;
      content: { text: string }[];
      meta: { toolName: string };
    };
    expect(result.ok).toBe(true);
    expect(result.meta.toolName).toBe('read_file');
    expect(result.content[0]!.text).toContain('second line');
    expect(result.content[0]!.text).not.toContain('first line');
  });

  it('prints the typed error and exits 1 for a bad call', async () => {
    const run = await runCli(['call', 'examples/coding-tools', 'read_file', '{"path":5}'], { env });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('read_file failed: invalid_arguments');
    expect(run.stderr).toContain('path: expected a string');

    const missing = await runCli(
      ['call', 'examples/coding-tools', 'read_file', '{"path":"nope.txt"}', '--json'],
      { env },
    );
    expect(missing.code).toBe(1);
    expect(JSON.parse(missing.stdout)).toEqual(
      expect.objectContaining({
        ok: false,
        error: expect.objectContaining({ kind: 'not_found', modelText: expect.stringContaining('nope.txt') }),
      }),
    );
  });

  it('shows progress lines on stderr when not on a terminal', async () => {
    const run = await runCli(
      ['call', 'examples/coding-tools', 'shell', JSON.stringify({ command: 'echo one; echo two' })],
      { env },
    );
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/^… one$/m);
    expect(run.stderr).toMatch(/^… two$/m);
  });

  it('cancels a running shell call on SIGINT, stops its process, and exits 130', async () => {
    const pidFile = path.join(workspace, 'sleep.pid');
    const child = spawnCli(
      [
        'call',
        'examples/coding-tools',
        'shell',
        JSON.stringify({ command: `sleep 30 & echo $! > ${pidFile}; wait` }),
      ],
      { env },
    );
    child.stdin!.end();
    const done = finished(child, 15_000);
    await waitFor(
      () => existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim() !== '',
      10_000,
      'the shell to start sleep',
    );
    const pid = Number(readFileSync(pidFile, 'utf8').trim());
    expect(isRunning(pid)).toBe(true);

    child.kill('SIGINT');
    const run = await done;
    expect(run.code).toBe(130);
    expect(run.stderr).toContain('SIGINT: cancelling shell');
    expect(run.stderr).toContain('shell failed: cancelled');
    await waitFor(() => !isRunning(pid), 5_000, `process ${pid} to be gone`);
  });
});
