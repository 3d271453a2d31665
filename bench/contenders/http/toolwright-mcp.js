'use strict';
// toolwright over Streamable HTTP: serveMcp(handle, { transport: { http: { host, port } } }) from
// @toolwright/mcp/node (default options: a server per session, Host/Origin checks, limits), with the
// read_file registry, bound to 127.0.0.1.
const { core, defineReadFile } = require('../toolwright-tool');
const { requireBuilt } = require('../../lib/pending');
const { handleOf } = require('../toolwright-mcp');

/**
 * Serves read_file, declared with `toolOptions` (e.g. `{ task: 'required' }`), over Streamable HTTP
 * with the endpoint options `httpOptions` besides host and port.
 */
async function serveReadFile({ host, port }, toolOptions = {}, httpOptions = {}) {
  const tw = core();
  const { ToolRegistry } = requireBuilt('@toolwright/registry', ['ToolRegistry']);
  const { serveMcp } = requireBuilt('@toolwright/mcp/node', ['serveMcp']);
  const handle = handleOf(ToolRegistry, [defineReadFile(tw, toolOptions).ReadFile]);
  const serving = await serveMcp(handle, { transport: { http: { ...httpOptions, host, port } } });
  return { url: serving.url, close: () => serving.close() };
}

module.exports = {
  packages: ['@toolwright/mcp'],
  serveReadFile,
  start: (address) => serveReadFile(address),
};
