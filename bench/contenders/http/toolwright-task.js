'use strict';
// read_file declared `task: 'required'` behind serveMcp over Streamable HTTP, 2026-07-28: each call
// is answered with a task, then polled with tasks/get until it completes (the load worker's task
// mode). Against the plain 2026-07-28 row it is the cost of a task round trip for a tool that
// returns at once.
const { serveReadFile } = require('./toolwright-mcp');

module.exports = {
  packages: ['@toolwright/mcp'],
  start: (address) => serveReadFile(address, { task: 'required' }),
};
