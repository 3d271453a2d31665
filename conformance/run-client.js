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

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const suite = require('./lib/suite');

const { here, root, suiteEntry, REQUIREMENT_SETS } = suite;
const clientMain = path.join(root, 'examples', 'mcp-conformance-client', 'dist', 'main.js');
const CLIENT_TIMEOUT_MS = 60_000;
const SCENARIO_TIMEOUT_MS = 120_000;
// Scenarios run at once: each starts a client process, a resource server and maybe an
// authorization server, and the suite's own `--requirements` runs them all at once.
const CONCURRENCY = 3;

const fail = suite.failWith('conformance (client)');
const ensureInstalled = () => suite.ensureInstalled('conformance (client)', fail);
const suiteNode = () => suite.suiteNode(fail);
const scoredClientScenarios = (nodeBinary, set) => suite.scoredScenarios(nodeBinary, set, 'client', fail);
const baselineOf = (set) => suite.baselineOf(`baseline-client-${set}.yml`, fail);

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
