'use strict';
// read_file declaring its output, validation off: the same call as toolwright-call-output.js
// without the output check (still rendered as structured content). The reference of its goal.
const { TOOL_NAME } = require('../lib/fixture');
const { core, readFileOutputToolSet, toolResultOutcome } = require('./toolwright-tool');

module.exports = {
  packages: ['@toolwright/core', 'class-validator', 'class-transformer', 'reflect-metadata'],
  async setup() {
    const tools = readFileOutputToolSet(core(), 'off');
    return { invoke: (json) => tools.call(TOOL_NAME, json) };
  },
  outcome: toolResultOutcome,
};
