# The official MCP conformance suite against examples/mcp-conformance-server.
node conformance/run.js
