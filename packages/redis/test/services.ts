import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { nginxMcpConfig } = require('../../../scripts/nginx-mcp-config.js') as {
  nginxMcpConfig: (options: { port: number; routes: Record<string, number>; dir: string }) => string;
};

// Real Redis and nginx, started by the tests on free loopback ports and stopped after. Where a
// binary is missing the suites skip, unless TOOLWRIGHT_REQUIRE_SERVICES=1 (CI) makes that a failure;
// TOOLWRIGHT_SKIP_SERVICES=1 skips them.

const REQUIRED = process.env['TOOLWRIGHT_REQUIRE_SERVICES'] === '1';
// Set by the CI steps that run the whole suite: .ci/steps/58-scale-out.sh runs these on their own.
const SKIPPED = process.env['TOOLWRIGHT_SKIP_SERVICES'] === '1' && !REQUIRED;

function hasBinary(name: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${name} || test -x /usr/sbin/${name}`]).status === 0;
}

/** `describe`, or `describe.skip` when one of `binaries` is missing (a failure when required). */
export function describeWith(binaries: readonly string[]): jest.Describe {
  if (SKIPPED) return describe.skip;
  const missing = binaries.filter((name) => !hasBinary(name));
  if (missing.length === 0) return describe;
  if (REQUIRED) throw new Error(`TOOLWRIGHT_REQUIRE_SERVICES=1 but ${missing.join(', ')} is not installed`);
  return describe.skip;
}

/** A free loopback port (closed again, so the caller binds it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });
}

/** Resolves once something accepts TCP connections on the port. */
export async function waitForPort(port: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on 127.0.0.1:${port}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A Redis server of the test's own. */
export interface RedisServer {
  readonly port: number;
  readonly url: string;
  /** Stops the server (SIGKILL when `hard`). */
  stop(hard?: boolean): Promise<void>;
  /** Starts it again on the same port. */
  restart(): Promise<void>;
}

/** Starts `redis-server` on a free loopback port, without persistence. */
export async function startRedis(): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async (): Promise<void> => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    await waitForPort(port);
  };
  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    stop: (hard = false) => stopChild(child, hard ? 'SIGKILL' : 'SIGTERM'),
    restart: start,
  };
}

/** An nginx of the test's own, proxying `/mcp` to its upstreams. */
export interface Nginx {
  readonly port: number;
  readonly url: string;
  stop(): Promise<void>;
}

/** Starts nginx on a free loopback port in front of `routes`. */
export async function startNginx(routes: Readonly<Record<string, number>>): Promise<Nginx> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'toolwright-nginx-'));
  const config = join(dir, 'nginx.conf');
  writeFileSync(config, nginxMcpConfig({ port, routes, dir }));
  const binary = spawnSync('sh', ['-c', 'command -v nginx']).status === 0 ? 'nginx' : '/usr/sbin/nginx';
  const child = spawn(binary, ['-c', config, '-p', dir, '-e', join(dir, 'error.log')], {
    stdio: 'ignore',
  });
  await waitForPort(port);
  return {
    port,
    url: `http://127.0.0.1:${port}/mcp`,
    stop: async () => {
      await stopChild(child, 'SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Ends a child process and waits for it. */
export function stopChild(child: ChildProcess | undefined, signal: NodeJS.Signals): Promise<void> {
  if (child === undefined || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}
