# The suite again, compiled with useDefineForClassFields: true (jest.define-fields.config.ts): users
# may have either setting, and getting started says toolwright behaves the same under both. The
# Redis and nginx suites are skipped as in 50-test (58-scale-out runs them on their own, unloaded).
results="$(mktemp)"
TOOLWRIGHT_SKIP_SERVICES=1 npx jest --config jest.define-fields.config.ts --silent --maxWorkers=2 --json --outputFile="$results"
node -e 'const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")); console.log(`define-fields: ${r.numPassedTests} passed, ${r.numFailedTests} failed`)' "$results"
