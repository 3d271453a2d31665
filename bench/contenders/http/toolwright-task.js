'use strict';
// read_file declared `task: 'required'` behind serveMcp over Streamable HTTP, 2026-07-28: each call
// is answered with a task, then polled with tasks/get until it completes (the load worker's task
// mode). Against the plain 2026-07-28 row it is the cost of a task round trip for a tool that
// returns at once.
const { core, defineReadFile } = require('../toolwright-tool');
const { requireBuilt } = require('../../lib/pending');
const { handleOf } = require('../toolwright-mcp');

module.exports = {
  packages: ['@toolwright/mcp'],
  async start({ host, port }) {
    const tw = core();
    const { ToolRegistry } = requireBuilt('@toolwright/registry', ['ToolRegistry']);
    const { serveMcp } = requireBuilt('@toolwright/mcp/node', ['serveMcp']);
    const handle = handleOf(ToolRegistry, [defineReadFile(tw, { task: 'required' }).ReadFile]);
    const serving = await serveMcp(handle, { transport: { http: { host, port } } });
    return { url: serving.url, close: () => serving.close() };
  },
};
