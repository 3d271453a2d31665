'use strict';
// MCP TypeScript SDK v2, high level: McpServer.registerTool(name, { inputSchema: zod object }, handler),
// an SDK Client over InMemoryTransport; one call = client.callTool() round trip (the server validates
// with zod; invalid input → { isError: true } without a throw). InMemoryTransport passes message
// objects, so there is no JSON text on the wire; JSON.parse of the model's string is in the call.
const { McpServer } = require('@modelcontextprotocol/server');
const { z } = require('zod');
const { TOOL_NAME, TOOL_DESCRIPTION, readFileBody } = require('../../lib/fixture');
const { connectInMemory, textResult, callToolOutcome } = require('../lib/mcp');

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

module.exports = {
  packages: ['@modelcontextprotocol/server', 'zod'],
  readFileServer,
  async setup() {
    const client = await connectInMemory(readFileServer());
    return {
      invoke: (json) => client.callTool({ name: TOOL_NAME, arguments: JSON.parse(json) }),
      close: () => client.close(),
    };
  },
  outcome: callToolOutcome,
};
