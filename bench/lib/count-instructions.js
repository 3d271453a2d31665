'use strict';
// Instructions and cache misses per call of one contender, for rows whose timings the machine's
// noise hides (a feature on vs off, one tool vs many):
//   node lib/count-instructions.js <contender> [calls] [warm-up] [valid|invalid]
// Runs the contender under valgrind's cachegrind twice, warm-up only and warm-up + `calls` calls
// (defaults 20,000 and 100,000), and prints the difference per call: startup, setup and warm-up
// cancel out. V8 runs single-threaded (`--single-threaded`): compiling and collecting on
// background threads happen at moments that differ from run to run, which would swamp a
// difference of a few hundred instructions; on the main thread they repeat from run to run (two
// runs of the same contender agree within about 2%). The simulated last-level cache is 512 KiB,
// this machine's L2 per core: its misses per call are the row's memory traffic.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { ARGS } = require('./fixture');

const LAST_LEVEL_CACHE = '524288,8,64';

async function run(file, calls, warmup, mode) {
  const contender = require(path.resolve(__dirname, '..', file));
  const { invoke } = await contender.setup();
  for (let i = 0; i < warmup + calls; i++) await invoke(ARGS[mode]);
}

function counts(file, calls, warmup, mode) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cachegrind-'));
  const out = path.join(dir, 'out');
  try {
    execFileSync(
      'valgrind',
      [
        '--tool=cachegrind',
        '--cache-sim=yes',
        `--LL=${LAST_LEVEL_CACHE}`,
        `--cachegrind-out-file=${out}`,
        process.execPath,
        '--single-threaded',
        __filename,
        '--child',
        file,
        String(calls),
        String(warmup),
        mode,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    const text = fs.readFileSync(out, 'utf8');
    const events = text.match(/^events: (.*)$/m)[1].split(' ');
    const totals = text
      .match(/^summary: (.*)$/m)[1]
      .split(' ')
      .map(Number);
    return Object.fromEntries(events.map((event, i) => [event, totals[i]]));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') {
  const [, , , file, calls, warmup, mode] = process.argv;
  run(file, Number(calls), Number(warmup), mode).catch((error) => {
    console.error(error);
    process.exit(1);
  });
} else {
  const [, , file, callsArg, warmupArg, modeArg] = process.argv;
  const calls = Number(callsArg ?? 20_000);
  const warmup = Number(warmupArg ?? 100_000);
  const mode = modeArg ?? 'valid';
  if (file === undefined || !(calls > 0) || !(warmup >= 0) || !(mode in ARGS)) {
    console.error('usage: node lib/count-instructions.js <contender> [calls] [warm-up] [valid|invalid]');
    process.exit(2);
  }
  const base = counts(file, 0, warmup, mode);
  const total = counts(file, calls, warmup, mode);
  const perCall = (event) => Math.round((total[event] - base[event]) / calls);
  console.log(
    JSON.stringify({
      file,
      mode,
      calls,
      warmup,
      instructionsPerCall: perCall('Ir'),
      dataReadsPerCall: perCall('Dr'),
      l1DataMissesPerCall: perCall('D1mr') + perCall('D1mw'),
      lastLevelMissesPerCall: perCall('DLmr') + perCall('DLmw') + perCall('ILmr'),
    }),
  );
}
