'use strict';
// serveMcp over Streamable HTTP without resumable streams (`resumability: false`): the SDK row's
// configuration (its transport has no event store), so the two compare like for like. Against the
// default row it is what resumability costs: an event id on every event, a priming event opening
// every POST's stream, and two writes to the event store per call.
const { serveReadFile } = require('./toolwright-mcp');

module.exports = {
  packages: ['@toolwright/mcp'],
  start: (address) => serveReadFile(address, {}, { resumability: false }),
};
