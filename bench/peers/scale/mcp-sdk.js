'use strict';
// MCP SDK: N tools on McpServer (zod shapes; converted to JSON Schema on every tools/list), and the
// low-level Server with N stored JSON Schemas, each listed by an SDK Client over InMemoryTransport.
const { McpServer, Server } = require('@modelcontextprotocol/server');
const { z } = require('zod');
const { manyName, manyDescription, manySuffix, readFileJsonSchema, indices } = require('../../lib/fixture');
const { connectInMemory, connectServed, textResult } = require('../lib/mcp');

const handler = async () => textResult({ ok: true });

function register(from, n) {
  const server = new McpServer({ name: 'bench-many', version: '0.1.0' });
  for (const i of indices(from, n)) {
    const s = manySuffix(i);
    server.registerTool(
      manyName(i),
      {
        description: manyDescription(i),
        inputSchema: z.object({
          [`path${s}`]: z.string().min(1),
          [`offset${s}`]: z.number().int().min(1).optional(),
          [`limit${s}`]: z.number().int().min(1).max(10000).optional(),
        }),
      },
      handler,
    );
  }
  return server;
}

function storedTools(n) {
  return indices(0, n).map((i) => ({
    name: manyName(i),
    description: manyDescription(i),
    inputSchema: readFileJsonSchema(manySuffix(i)),
  }));
}

function lowLevel(n, tools = storedTools(n)) {
  const server = new Server({ name: 'bench-many-low', version: '0.1.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/list', async () => ({ tools }));
  server.setRequestHandler('tools/call', handler);
  return server;
}

async function listAll(client, n) {
  const { tools } = await client.listTools();
  if (tools.length !== n) throw new Error(`tools/list gave ${tools.length} tools, expected ${n}`);
  return tools;
}

module.exports = {
  async run({ n, reps, measure, repeat }) {
    // section 2: definitions
    await measure('cold', `McpServer.registerTool ×${n} (definitions derived at each tools/list)`, () =>
      register(0, n),
    );
    const server = await measure('warm', `the same for a second distinct set`, () => register(n, n));
    // section 3: tools/list
    const client = await connectInMemory(server); // lists once
    await measure('list-first', `McpServer: tools/list of ${n} (second list after connect)`, () =>
      listAll(client, n),
    );
    await repeat('list', `McpServer: tools/list of ${n}, steady state`, reps, () => listAll(client, n));
    const low = await connectInMemory(lowLevel(n));
    await measure('low-list-first', `low-level Server, stored schemas: tools/list of ${n}`, () =>
      listAll(low, n),
    );
    await repeat('low-list', `low-level Server, stored schemas: tools/list, steady state`, reps, () =>
      listAll(low, n),
    );
    // 2026-07-28: the same stored schemas, served by the SDK's serveStdio entry (one server for the connection)
    const { serveStdio } = require('@modelcontextprotocol/server/stdio');
    const stored = storedTools(n);
    const low26 = await connectServed(
      (transport) => serveStdio(() => lowLevel(n, stored), { transport }),
      '2026-07-28',
    );
    await measure(
      'low-list-2026-first',
      `low-level Server, stored schemas, 2026-07-28: tools/list of ${n}`,
      () => listAll(low26, n),
    );
    await repeat(
      'low-list-2026',
      `low-level Server, stored schemas, 2026-07-28: tools/list, steady state`,
      reps,
      () => listAll(low26, n),
    );
    await client.close();
    await low.close();
    await low26.close();
  },
};
