# The AI SDK adapter's tests in the AI SDK's real loops (generateText, streamText): `ai` 7 requires
# Node 22 or later, so the machine's Node 20 skips them; here they run under Node 22 (installed as in
# 55-node-lts, scripts/install-node.sh) and must pass, none skipped.
bin="$(scripts/install-node.sh 22 2>/dev/null)"
results="$(mktemp)"
status=0
PATH="$bin:$PATH" npx jest packages/ai-sdk --silent --json --outputFile="$results" > "$results.log" 2>&1 || status=$?
PATH="$bin:$PATH" node -e '
  const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  console.log(`ai-sdk (Node ${process.versions.node}): ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests} skipped`);
  if (r.numPassedTests === 0 || r.numPendingTests > 0) process.exit(1);
' "$results" || status=1
if [ "$status" -ne 0 ]; then
  grep -E '^(FAIL|  ●)' "$results.log" | head -n 40 || tail -n 40 "$results.log"
fi
[ "$status" -eq 0 ]
