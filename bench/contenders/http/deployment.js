'use strict';
// A deployment of docs/deployment.md on loopback: redis-server, `processes` × `toolwright serve
// --http <port> --redis <url> --session-route p<i>` of the read_file registry, and nginx in front
// (scripts/nginx-mcp-config.js). Pending when redis-server or nginx is not installed.
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const { Pending } = require('../../lib/pending');
const { nginxMcpConfig } = require('../../../scripts/nginx-mcp-config');

const REPO = path.resolve(__dirname, '../../..');
const BIN = path.join(REPO, 'packages/cli/dist/bin.js');
const MODULE = path.join(__dirname, 'read-file-module.js');

function binary(name) {
  for (const dir of [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/bin']) {
    const file = path.join(dir, name);
    if (dir && fs.existsSync(file)) return file;
  }
  return undefined;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(port, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on 127.0.0.1:${port}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 3000).unref();
  });
}

async function startDeployment({ processes, env = {} }) {
  const redisServer = binary('redis-server');
  const nginx = binary('nginx');
  if (!redisServer || !nginx)
    throw new Pending('redis-server or nginx is not installed (apt-get install -y redis-server nginx)');
  if (!fs.existsSync(BIN)) throw new Pending('@toolwright/cli is not built yet');
  const children = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolwright-bench-'));
  try {
    const redisPort = await freePort();
    children.push(
      spawn(
        redisServer,
        ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        {
          stdio: 'ignore',
        },
      ),
    );
    await waitForPort(redisPort);
    const routes = {};
    for (let index = 1; index <= processes; index++) {
      const port = await freePort();
      routes[`p${index}`] = port;
      children.push(
        spawn(
          process.execPath,
          [
            BIN,
            'serve',
            MODULE,
            '--http',
            String(port),
            '--redis',
            `redis://127.0.0.1:${redisPort}`,
            '--session-route',
            `p${index}`,
          ],
          { stdio: 'ignore', env: { ...process.env, ...env } },
        ),
      );
    }
    await Promise.all(Object.values(routes).map((port) => waitForPort(port)));
    const port = await freePort();
    const config = path.join(dir, 'nginx.conf');
    fs.writeFileSync(config, nginxMcpConfig({ port, routes, dir }));
    children.push(
      spawn(nginx, ['-c', config, '-p', dir, '-e', path.join(dir, 'error.log')], { stdio: 'ignore' }),
    );
    await waitForPort(port);
    return {
      url: `http://127.0.0.1:${port}/mcp`,
      close: async () => {
        await Promise.all(children.reverse().map(stop));
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await Promise.all(children.map(stop));
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

module.exports = { startDeployment };
