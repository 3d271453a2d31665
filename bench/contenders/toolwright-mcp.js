'use strict';
// toolwright through MCP, in memory: the read_file registry served by createMcpServer(handle)
// (toolwright's decoder, no zod), called by the same SDK Client as the McpServer row.
const { requireBuilt } = require('../lib/pending');
const { TOOL_NAME } = require('../lib/fixture');
const { core, defineReadFile } = require('./toolwright-tool');

function mcpApi() {
  const { ToolRegistry } = requireBuilt('@toolwright/registry', ['ToolRegistry']);
  const mcp = requireBuilt('@toolwright/mcp', ['createMcpServer']);
  return { ToolRegistry, ...mcp };
}

/** A finalized handle holding the given tool classes. */
function handleOf(ToolRegistry, classes) {
  const registry = new ToolRegistry();
  for (const C of classes) registry.tool(C);
  return registry.finalize();
}

module.exports = {
  packages: ['@toolwright/mcp', '@modelcontextprotocol/server'],
  mcpApi,
  handleOf,
  async setup() {
    const tw = core();
    const { ToolRegistry, createMcpServer } = mcpApi();
    const { connectInMemory } = require('../peers/lib/mcp');
    const server = createMcpServer(handleOf(ToolRegistry, [defineReadFile(tw).ReadFile]));
    const client = await connectInMemory(server);
    return {
      invoke: (json) => client.callTool({ name: TOOL_NAME, arguments: JSON.parse(json) }),
      close: () => client.close(),
    };
  },
  outcome: (r) => require('../peers/lib/mcp').callToolOutcome(r),
};
