'use strict';
// MCP TypeScript SDK v2, high level: McpServer.registerTool(name, { inputSchema: zod object }, handler),
// an SDK Client over InMemoryTransport; one call = client.callTool() round trip (the server validates
// with zod; invalid input → { isError: true } without a throw). InMemoryTransport passes message
// objects, so there is no JSON text on the wire; JSON.parse of the model's string is in the call.
const { McpServer } = require('@modelcontextprotocol/server');
const { z } = require('zod');
const { TOOL_NAME, TOOL_DESCRIPTION, readFileBody } = require('../../lib/fixture');
const { connectInMemory, connectServed, textResult, callToolOutcome } = require('../lib/mcp');

function readFileServer() {
  const server = new McpServer({ name: 'bench-sdk', version: '0.1.0' });
  server.registerTool(
    TOOL_NAME,
    {
      description: TOOL_DESCRIPTION,
      inputSchema: z.object({
        path: z.string().min(1),
        offset: z.number().int().min(1).optional(),
        limit: z.number().int().min(1).max(10000).optional(),
      }),
    },
    async (args) => textResult(await readFileBody(args)),
  );
  return server;
}

/** The SDK v2 client speaking `revision`: 2025-11-25 by McpServer.connect, 2026-07-28 by the SDK's serveStdio entry on the same transport (one server for the connection, pinned to that revision). */
async function connectRevision(revision) {
  if (revision !== '2026-07-28') return connectInMemory(readFileServer());
  const { serveStdio } = require('@modelcontextprotocol/server/stdio');
  return connectServed((transport) => serveStdio(() => readFileServer(), { transport }), revision);
}

module.exports = {
  packages: ['@modelcontextprotocol/server', 'zod'],
  readFileServer,
  connectRevision,
  async setup() {
    const client = await connectRevision('2025-11-25');
    return {
      invoke: (json) => client.callTool({ name: TOOL_NAME, arguments: JSON.parse(json) }),
      close: () => client.close(),
    };
  },
  outcome: callToolOutcome,
};
