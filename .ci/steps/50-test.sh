# The README's test command, with a plain closing line that any reader of this log understands.
# Two jest workers: jest's default is the cores less one, which on CI's two cores runs every
# suite in one process while the other core idles (ts-jest's type-aware compile is most of a
# cold run). The suite passes with two (timing bounds have headroom for a shared machine).
results="$(mktemp)"
TOOLWRIGHT_SKIP_SERVICES=1 npm test -- --maxWorkers=2 --json --outputFile="$results"
node -e 'const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")); console.log(`tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed`)' "$results" |
  tee "${TOOLWRIGHT_CI_SUMMARY:-/dev/null}"
