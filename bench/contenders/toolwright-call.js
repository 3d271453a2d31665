'use strict';
// toolwright, the public entry point: tools.call(name, rawJson) → ToolResult (never rejects).
const { TOOL_NAME } = require('../lib/fixture');
const { core, readFileToolSet, toolResultOutcome } = require('./toolwright-tool');

module.exports = {
  packages: ['@toolwright/core', 'class-validator', 'class-transformer', 'reflect-metadata'],
  async setup() {
    const tools = readFileToolSet(core());
    return { invoke: (json) => tools.call(TOOL_NAME, json) };
  },
  outcome: toolResultOutcome,
};
