'use strict';
// The McpServer row under protocol revision 2026-07-28: the same McpServer, served on the in-memory
// transport by the SDK's serveStdio entry (one server for the connection, pinned to 2026-07-28 by the client's first request), and
// the SDK Client pinned to 2026-07-28 (server/discover, then stateless requests with their _meta envelope).
const { TOOL_NAME } = require('../../lib/fixture');
const { callToolOutcome } = require('../lib/mcp');
const { connectRevision } = require('./mcp-sdk');

module.exports = {
  packages: ['@modelcontextprotocol/server', 'zod'],
  async setup() {
    const client = await connectRevision('2026-07-28');
    return {
      invoke: (json) => client.callTool({ name: TOOL_NAME, arguments: JSON.parse(json) }),
      close: () => client.close(),
    };
  },
  outcome: callToolOutcome,
};
