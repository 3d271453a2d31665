'use strict';
// toolwright through MCP, in memory: the read_file registry served by createMcpServer(handle)
// (toolwright's decoder, no zod), called by the same SDK Client as the McpServer row.
const path = require('node:path');
const { requireBuilt, installedVersion } = require('../lib/pending');
const { TOOL_NAME } = require('../lib/fixture');
const { core, defineReadFile } = require('./toolwright-tool');

function mcpApi() {
  const { ToolRegistry } = requireBuilt('@toolwright/registry', ['ToolRegistry']);
  const mcp = requireBuilt('@toolwright/mcp', ['createMcpServer', 'connectMcpServer']);
  return { ToolRegistry, ...mcp };
}

/** A finalized handle holding the given tool classes. */
function handleOf(ToolRegistry, classes) {
  const registry = new ToolRegistry();
  for (const C of classes) registry.tool(C);
  return registry.finalize();
}

/**
 * An SDK Client speaking `revision` connected in memory to `handle`: 2025-11-25 by connecting
 * createMcpServer(handle) (one server, the initialize handshake), 2026-07-28 by connectMcpServer
 * (the entry that answers both revisions on one connection).
 */
async function connectRevision(handle, revision) {
  const { createMcpServer, connectMcpServer } = mcpApi();
  const { connectInMemory, connectServed } = sameClientHelpers();
  if (revision !== '2026-07-28') return connectInMemory(createMcpServer(handle));
  return connectServed((transport) => connectMcpServer(handle, transport), revision);
}

/**
 * The shared connect helpers, bound to the SDK Client copy @toolwright/mcp itself resolves when it is
 * the same version as the peers' copy: the process then holds one SDK and one zod, as the SDK rows'
 * processes do (the peers' copy beside the workspace one added about 6 MB of heap).
 */
function sameClientHelpers() {
  const shared = require('../peers/lib/mcp');
  const mcpDir = path.dirname(require.resolve('@toolwright/mcp/package.json'));
  const peersDir = path.join(__dirname, '..', 'peers');
  const pkg = '@modelcontextprotocol/client';
  const version = installedVersion(pkg, mcpDir);
  if (version === null || version !== installedVersion(pkg, peersDir)) return shared;
  return shared.helpersFor(require(require.resolve(pkg, { paths: [mcpDir] })));
}

/** The call-path contender for `revision`. */
function callContender(revision) {
  return {
    packages: ['@toolwright/mcp', '@modelcontextprotocol/server'],
    async setup() {
      const tw = core();
      const { ToolRegistry } = mcpApi();
      const client = await connectRevision(handleOf(ToolRegistry, [defineReadFile(tw).ReadFile]), revision);
      return {
        invoke: (json) => client.callTool({ name: TOOL_NAME, arguments: JSON.parse(json) }),
        close: () => client.close(),
      };
    },
    outcome: (r) => require('../peers/lib/mcp').callToolOutcome(r),
  };
}

module.exports = {
  ...callContender('2025-11-25'),
  mcpApi,
  handleOf,
  connectRevision,
  callContender,
  sameClientHelpers,
};
