# The official MCP conformance suite's client leg against examples/mcp-conformance-client (every
# scenario through importMcpTools, OAuth included); conformance/run-client.js decides the verdict
# against conformance/baseline-client-*.yml.
node conformance/run-client.js 2>&1 |
  sed -E 's/^Total: ([0-9]+) passed, ([0-9]+) failed/suite checks, unscored scenarios included: passed \1, failed \2/'
