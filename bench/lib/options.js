'use strict';
// Command-line options of `npm run bench -- [options]` (see --help).

const HELP = `usage: npm run bench -- [options]        (or: node bench/run.js [options])

  --quick             smoke run (~1 min): short rounds, one run, one process per scale scenario;
                      checks that every contender still works, its figures are not a measurement
  --only <text>       only contenders whose id or label contains <text> (the floor always runs)
  --no-peers          skip the peer frameworks (no install); toolwright rows and the floor only
  --runs <n>          repetitions of the call-path section (default 2, quick 1)
  --rounds <n>        timed rounds per contender and mode (default 20, quick 5)
  --round-ms <ms>     target duration of one round (default 100, quick 25)
  --warmup-ms <ms>    warm-up before the rounds (default 1000, quick 150)
  --n <count>         tools in the definitions / tools/list scenarios (default 1000)
  --scale-procs <n>   processes per scale scenario, figures are their median (default 5, quick 1)
  --http-ms <ms>      measured window of the HTTP load section (default 5000, quick 1000)
  --clients <n>       concurrent MCP clients in the HTTP load section (default 64)
  --help              this text
`;

function parseOptions(argv) {
  const flags = new Set();
  const values = new Map();
  const takesValue = new Set([
    'only',
    'runs',
    'rounds',
    'round-ms',
    'warmup-ms',
    'n',
    'scale-procs',
    'http-ms',
    'clients',
  ]);
  const known = new Set([...takesValue, 'quick', 'no-peers', 'help']);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) throw new Error(`unexpected argument ${a} (try --help)`);
    const [name, inline] = a.slice(2).split(/=(.*)/s);
    if (!known.has(name)) throw new Error(`unknown option --${name} (try --help)`);
    if (!takesValue.has(name)) {
      flags.add(name);
      continue;
    }
    const v = inline ?? argv[++i];
    if (v === undefined) throw new Error(`--${name} needs a value`);
    values.set(name, v);
  }
  const quick = flags.has('quick');
  const num = (name, full, q) => {
    if (!values.has(name)) return quick ? q : full;
    const x = Number(values.get(name));
    if (!Number.isFinite(x) || x <= 0) throw new Error(`--${name} must be a positive number`);
    return x;
  };
  return {
    help: flags.has('help'),
    helpText: HELP,
    quick,
    peers: !flags.has('no-peers'),
    only: values.get('only') ?? null,
    runs: Math.round(num('runs', 2, 1)),
    call: {
      rounds: Math.round(num('rounds', 20, 5)),
      roundMs: num('round-ms', 100, 25),
      warmupMs: num('warmup-ms', 1000, 150),
    },
    n: Math.round(num('n', 1000, 1000)),
    scaleProcs: Math.round(num('scale-procs', 5, 1)),
    scaleReps: quick ? 5 : 20,
    http: {
      clients: Math.round(num('clients', 64, 64)),
      warmupMs: quick ? 300 : 1000,
      durationMs: num('http-ms', 5000, 1000),
    },
  };
}

module.exports = { parseOptions };
