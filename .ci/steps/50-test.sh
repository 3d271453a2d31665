# The README's test command, with a plain closing line that any reader of this log understands.
results="$(mktemp)"
TOOLWRIGHT_SKIP_SERVICES=1 npm test -- --json --outputFile="$results"
node -e 'const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")); console.log(`tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed`)' "$results" |
  tee "${TOOLWRIGHT_CI_SUMMARY:-/dev/null}"
