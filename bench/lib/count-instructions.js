'use strict';
// Instruction counts of one contender's valid call, for rows whose timings the machine's noise
// hides (a feature on vs off):  node lib/count-instructions.js <contender> [calls]
// Runs the contender under valgrind's callgrind twice, warm-up only and warm-up + `calls` calls
// (default 20,000), and prints the difference per call: startup, setup and warm-up cancel out.
// Only the main thread is counted: V8 compiles and collects on background threads at moments that
// differ from run to run, which would swamp a difference of a few hundred instructions.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { ARGS } = require('./fixture');

const WARMUP = 20_000;

async function run(file, calls) {
  const contender = require(path.resolve(__dirname, '..', file));
  const { invoke } = await contender.setup();
  for (let i = 0; i < WARMUP + calls; i++) await invoke(ARGS.valid);
}

function instructions(file, calls) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'callgrind-'));
  execFileSync(
    'valgrind',
    [
      '--tool=callgrind',
      '--separate-threads=yes',
      `--callgrind-out-file=${path.join(dir, 'out')}`,
      process.execPath,
      __filename,
      '--child',
      file,
      String(calls),
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  // One file per thread (out-01, out-02, …): the first is the main thread's.
  const main = fs
    .readdirSync(dir)
    .filter((name) => /-\d+$/.test(name))
    .sort()[0];
  const summary = fs.readFileSync(path.join(dir, main), 'utf8').match(/^(?:summary|totals): (\d+)/m);
  fs.rmSync(dir, { recursive: true, force: true });
  return Number(summary[1]);
}

if (process.argv[2] === '--child') {
  run(process.argv[3], Number(process.argv[4])).catch((error) => {
    console.error(error);
    process.exit(1);
  });
} else {
  const [, , file, callsArg] = process.argv;
  const calls = Number(callsArg ?? 20_000);
  const base = instructions(file, 0);
  const total = instructions(file, calls);
  console.log(JSON.stringify({ file, calls, instructionsPerCall: Math.round((total - base) / calls) }));
}
