'use strict';
// One contender, one mode, one process:  node --expose-gc lib/call-worker.js <module> <mode> [configJson]
//   mode = probe | valid | invalid.  Prints one JSON line.
//
// valid/invalid: setup (untimed) → correctness gate (untimed) → gc() → warm-up → `rounds` timed
// rounds of N sequential `await invoke(json)`, back to back, N chosen from the warm-up so a round
// lasts about `roundMs`. ns/op of a round = elapsed / N, the garbage collection it causes included.
// No gc() between rounds: a forced full collection with no call in flight frees the object shapes
// (maps) that only per-call objects use, V8 then discards the optimized code that depended on them
// ("weak objects" in --trace-deopt), and its back-off on re-optimizing kept the next ~3,000 calls
// slow — each round measured the recovery from the harness, and the untimed collection hid the
// major-GC cost of the contenders that make the most garbage.
// probe: setup → the valid, invalid and numeric-string calls once each → what came back.
const path = require('node:path');
const { ARGS, isExpected } = require('./fixture');
const { emit, describe } = require('./child');
const { median, min } = require('./stats');
const { Pending, installedVersion } = require('./pending');

const [, , moduleArg, mode, configJson] = process.argv;
const cfg = { warmupMs: 1000, roundMs: 100, rounds: 20, ...(configJson ? JSON.parse(configJson) : {}) };
const gc = typeof global.gc === 'function' ? global.gc : null;
const now = process.hrtime.bigint;

async function safeInvoke(contender, invoke, json) {
  let result;
  try {
    result = await invoke(json);
  } catch (e) {
    return { threw: describe(e, 400) };
  }
  let out;
  try {
    out = contender.outcome(result);
  } catch (e) {
    return { threw: `outcome() failed on ${describe(result)}: ${describe(e)}` };
  }
  return { result, out };
}

async function probe(contender, invoke, file) {
  const valid = await safeInvoke(contender, invoke, ARGS.valid);
  const invalid = contender.validates === false ? null : await safeInvoke(contender, invoke, ARGS.invalid);
  const coerce = await safeInvoke(contender, invoke, ARGS.coerce);
  const versions = {};
  for (const p of contender.packages ?? [])
    versions[p] = installedVersion(p, path.dirname(file)) ?? 'not installed';
  const cell = (r) =>
    r.threw
      ? { threw: r.threw }
      : {
          ok: r.out.ok,
          shape: describe(r.out.ok ? r.out.value : (r.out.error ?? r.result), 240),
          raw: describe(r.result, 240),
        };
  return {
    versions,
    validates: contender.validates !== false,
    validOk: !valid.threw && valid.out.ok === true && isExpected(valid.out.value),
    valid: cell(valid),
    invalid: invalid && cell(invalid),
    invalidIsError: invalid ? !invalid.threw && invalid.out.ok === false : null,
    coerce: coerce.threw
      ? { threw: coerce.threw }
      : coerce.out.ok
        ? { accepted: true, lines: coerce.out.value?.lines, linesType: typeof coerce.out.value?.lines }
        : { accepted: false, error: describe(coerce.out.error ?? coerce.result, 200) },
  };
}

async function timed(contender, invoke, json, wantOk) {
  // correctness gate
  const gate = await safeInvoke(contender, invoke, json);
  if (gate.threw) throw new Error(`gate: invoke threw (must return an error result instead): ${gate.threw}`);
  if (wantOk && !(gate.out.ok && isExpected(gate.out.value)))
    throw new Error(`gate: the valid call gave ${describe(gate.result)}`);
  if (!wantOk && gate.out.ok !== false)
    throw new Error(`gate: the invalid call did not give an error result: ${describe(gate.result)}`);

  // From a compacted heap, so setup's garbage is not charged to the rounds.
  if (gc) gc();
  // warm-up; its mean calibrates N
  let sink;
  let warmOps = 0;
  const w0 = now();
  const wEnd = w0 + BigInt(Math.round(cfg.warmupMs * 1e6));
  do {
    sink = await invoke(json);
    warmOps++;
  } while (now() < wEnd);
  const estNs = Number(now() - w0) / warmOps;
  const n = Math.max(1, Math.round((cfg.roundMs * 1e6) / estNs));

  const rounds = [];
  const cpuRounds = []; // process CPU time per op (all threads): for diagnosis, not reported in the tables
  for (let r = 0; r < cfg.rounds; r++) {
    const c0 = process.cpuUsage();
    const t0 = now();
    for (let i = 0; i < n; i++) sink = await invoke(json);
    const t1 = now();
    const c = process.cpuUsage(c0);
    rounds.push(Number(t1 - t0) / n);
    cpuRounds.push(((c.user + c.system) * 1000) / n);
  }
  const last = contender.outcome(sink);
  if (last.ok !== wantOk) throw new Error(`the last timed call disagreed with the gate: ${describe(sink)}`);
  return {
    medianNs: median(rounds),
    bestNs: min(rounds),
    worstNs: Math.max(...rounds),
    opsPerRound: n,
    warmOps,
    rounds: rounds.map((x) => Math.round(x)),
    cpuMedianNs: median(cpuRounds),
    rssMB: Math.round(process.memoryUsage().rss / 2 ** 20),
  };
}

async function main() {
  const file = path.resolve(moduleArg);
  let contender;
  let inst;
  try {
    contender = require(file);
    inst = await contender.setup();
  } catch (e) {
    if (e instanceof Pending || e?.name === 'Pending') return emit({ pending: e.message });
    throw e;
  }
  const invoke = inst.invoke;
  try {
    if (mode === 'probe') return emit({ mode, ...(await probe(contender, invoke, file)) });
    if (mode === 'invalid' && contender.validates === false)
      return emit({ mode, skipped: 'does not validate' });
    if (mode !== 'valid' && mode !== 'invalid') throw new Error(`unknown mode ${mode}`);
    emit({ mode, ...(await timed(contender, invoke, ARGS[mode], mode === 'valid')) });
  } finally {
    await inst.close?.();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    emit({ error: describe(e, 600) });
    process.exit(1);
  },
);
