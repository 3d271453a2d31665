'use strict';
// toolwright, one layer down: a call context per call, tools.execute(...) → ToolStream, drained to
// its terminal ToolResult. What the registry, MCP server and agent build on.
const { TOOL_NAME } = require('../lib/fixture');
const { core, readFileToolSet, toolResultOutcome } = require('./toolwright-tool');

module.exports = {
  packages: ['@toolwright/core'],
  async setup() {
    const tw = core(['drainToTerminal', 'createCallContext']);
    const tools = readFileToolSet(tw);
    const { drainToTerminal, createCallContext } = tw;
    return {
      invoke: (json) =>
        drainToTerminal(tools.execute(TOOL_NAME, json, createCallContext({ toolName: TOOL_NAME }))),
    };
  },
  outcome: toolResultOutcome,
};
