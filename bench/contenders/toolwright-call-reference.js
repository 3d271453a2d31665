'use strict';
// toolwright's public entry point with the decoding accelerator off (eraseTool(…, { accelerate:
// false })): JSON.parse and the shared closures alone, no flat-object scanner, no generated code.
// What the accelerator is worth is the gap between this row and the ToolSet.call row.
const { TOOL_NAME } = require('../lib/fixture');
const { core, readFileToolSet, toolResultOutcome } = require('./toolwright-tool');

module.exports = {
  packages: ['@toolwright/core', 'class-validator', 'class-transformer', 'reflect-metadata'],
  async setup() {
    const tools = readFileToolSet(core(), { accelerate: false });
    return { invoke: (json) => tools.call(TOOL_NAME, json) };
  },
  outcome: toolResultOutcome,
};
