'use strict';
// One scale scenario in one process:  node --expose-gc lib/scale-worker.js <module> [configJson]
// The module exports `run(m)` and calls, in order:
//   m.measure(key, label, fn)       times fn once (cold/warm steps) and reports the heap it retained:
//                                   heapUsed after a full gc minus heapUsed before (fn's value is kept alive);
//   m.repeat(key, label, reps, fn)  median and best of `reps` runs of fn (steady-state operations);
//   m.figure(key, label, value, unit) a measured quantity that is not a time (bytes sent, say).
// Prints one JSON line: { rows: [{ key, label, ms, retainedMB? , bestMs?, reps? } | { key, label, value, unit }] }.
const path = require('node:path');
const { emit, describe } = require('./child');
const { median, min } = require('./stats');
const { Pending } = require('./pending');

const [, , moduleArg, configJson] = process.argv;
const cfg = { n: 1000, reps: 20, ...(configJson ? JSON.parse(configJson) : {}) };
const gc = global.gc;
if (typeof gc !== 'function') throw new Error('run with node --expose-gc');
const now = process.hrtime.bigint;

const kept = [];
const rows = [];

function fullGc() {
  gc();
  gc();
}

async function measure(key, label, fn) {
  fullGc();
  const before = process.memoryUsage().heapUsed;
  const t0 = now();
  const value = await fn();
  const ms = Number(now() - t0) / 1e6;
  kept.push(value);
  fullGc();
  const retainedMB = (process.memoryUsage().heapUsed - before) / 2 ** 20;
  rows.push({ key, label, ms, retainedMB });
  return value;
}

async function repeat(key, label, reps, fn) {
  const times = [];
  for (let i = 0; i < reps; i++) {
    const t0 = now();
    const value = await fn(i);
    times.push(Number(now() - t0) / 1e6);
    if (value === undefined) throw new Error(`${key}: the repeated step returned nothing`);
  }
  rows.push({ key, label, ms: median(times), bestMs: min(times), reps });
}

function figure(key, label, value, unit) {
  if (!Number.isFinite(value)) throw new Error(`${key}: the figure is not a number (${value})`);
  rows.push({ key, label, value, unit });
}

async function main() {
  const scenario = require(path.resolve(moduleArg));
  try {
    await scenario.run({ n: cfg.n, reps: cfg.reps, quick: Boolean(cfg.quick), measure, repeat, figure });
  } catch (e) {
    if (e instanceof Pending || e?.name === 'Pending') return emit({ pending: e.message, rows });
    throw e;
  }
  emit({ rows, heapMB: process.memoryUsage().heapUsed / 2 ** 20 });
}

main().then(
  () => process.exit(0),
  (e) => {
    emit({ error: describe(e, 600), rows });
    process.exit(1);
  },
);
