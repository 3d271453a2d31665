# The official MCP conformance suite against examples/mcp-conformance-server.
# The suite's own "Total: N passed, M failed" counts checks of unscored scenarios too (the tasks
# extension); reworded so that no reader of this log takes it for the run's test verdict, which
# conformance/run.js decides against the baselines.
node conformance/run.js 2>&1 |
  sed -E 's/^Total: ([0-9]+) passed, ([0-9]+) failed/suite checks, unscored scenarios included: passed \1, failed \2/'
