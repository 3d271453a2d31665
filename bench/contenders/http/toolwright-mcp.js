'use strict';
// toolwright over Streamable HTTP: serveMcp(handle, { transport: { http: { host, port } } }) from
// @toolwright/mcp/node (default options: a server per session, Host/Origin checks, limits), with the
// read_file registry, bound to 127.0.0.1.
const { core, defineReadFile } = require('../toolwright-tool');
const { requireBuilt } = require('../../lib/pending');
const { handleOf } = require('../toolwright-mcp');

module.exports = {
  packages: ['@toolwright/mcp'],
  async start({ host, port }) {
    const tw = core();
    const { ToolRegistry } = requireBuilt('@toolwright/registry', ['ToolRegistry']);
    const { serveMcp } = requireBuilt('@toolwright/mcp/node', ['serveMcp']);
    const handle = handleOf(ToolRegistry, [defineReadFile(tw).ReadFile]);
    const serving = await serveMcp(handle, { transport: { http: { host, port } } });
    return { url: serving.url, close: () => serving.close() };
  },
};
