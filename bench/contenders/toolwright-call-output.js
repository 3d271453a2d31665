'use strict';
// read_file declaring its output, validation on (strict, the default): the output's check against
// its declared output on every call. Compare with the same call with validation off.
const { TOOL_NAME } = require('../lib/fixture');
const { core, readFileOutputToolSet, toolResultOutcome } = require('./toolwright-tool');

module.exports = {
  packages: ['@toolwright/core', 'class-validator', 'class-transformer', 'reflect-metadata'],
  async setup() {
    const tools = readFileOutputToolSet(core(), 'strict');
    return { invoke: (json) => tools.call(TOOL_NAME, json) };
  },
  outcome: toolResultOutcome,
};
