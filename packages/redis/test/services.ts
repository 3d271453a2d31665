import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Real Redis and nginx, started by the tests on free loopback ports and stopped after. Where a
// binary is missing the suites skip, unless TOOLWRIGHT_REQUIRE_SERVICES=1 (CI) makes that a failure.

const REQUIRED = process.env['TOOLWRIGHT_REQUIRE_SERVICES'] === '1';

function hasBinary(name: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${name} || test -x /usr/sbin/${name}`]).status === 0;
}

/** `describe`, or `describe.skip` when one of `binaries` is missing (a failure when required). */
export function describeWith(binaries: readonly string[]): jest.Describe {
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

function redisBinary(): string {
  return hasBinary('redis-server') && spawnSync('sh', ['-c', 'command -v redis-server']).status === 0
    ? 'redis-server'
    : '/usr/bin/redis-server';
}

/** Starts `redis-server` on a free loopback port, without persistence. */
export async function startRedis(): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async (): Promise<void> => {
    child = spawn(
      redisBinary(),
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

/** The nginx configuration of docs/deployment.md, for upstreams `routes` (route → port). */
export function nginxConfig(port: number, routes: Readonly<Record<string, number>>, dir: string): string {
  const servers = Object.values(routes)
    .map((upstream) => `    server 127.0.0.1:${upstream} max_fails=1 fail_timeout=1s;`)
    .join('\n');
  const owners = Object.entries(routes)
    .map(([route, upstream]) => `    "~^${route}\\." 127.0.0.1:${upstream};`)
    .join('\n');
  return `daemon off;
master_process off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream toolwright {
${servers}
    keepalive 32;
  }
  # A 2025-11-25 session id starts with its owner's route: send it there.
  map $http_mcp_session_id $mcp_owner {
    default "";
${owners}
  }
  server {
    listen 127.0.0.1:${port};
    location = /mcp {
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host localhost;
      proxy_buffering off;
      proxy_request_buffering off;
      proxy_read_timeout 1h;
      if ($mcp_owner != "") { rewrite ^ /owned last; }
      proxy_pass http://toolwright;
    }
    location = /owned {
      internal;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host localhost;
      proxy_buffering off;
      proxy_request_buffering off;
      proxy_read_timeout 1h;
      proxy_pass http://$mcp_owner/mcp;
      # The owner is gone: the session is too, and the client initializes again.
      error_page 502 504 = @session_gone;
    }
    location @session_gone {
      default_type application/json;
      return 404 '{"jsonrpc":"2.0","error":{"code":-32001,"message":"Session not found."},"id":null}';
    }
  }
}
`;
}

/** Starts nginx on a free loopback port in front of `routes`. */
export async function startNginx(routes: Readonly<Record<string, number>>): Promise<Nginx> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'toolwright-nginx-'));
  const config = join(dir, 'nginx.conf');
  writeFileSync(config, nginxConfig(port, routes, dir));
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
