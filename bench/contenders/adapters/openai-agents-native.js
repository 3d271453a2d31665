'use strict';
// The read_file tool written natively for the OpenAI Agents SDK (tool() with a zod object), called
// the way the runner calls a function tool: invokeFunctionTool({ tool, runContext, input }) with the
// model's raw JSON. The SDK is the copy @toolwright/openai-agents resolves, so both rows of the pair
// run the same framework code. Invalid input becomes the SDK's default error string (no throw).
const { requireBuilt } = require('../../lib/pending');
const { TOOL_NAME, TOOL_DESCRIPTION, readFileBody } = require('../../lib/fixture');
const { frameworkDir } = require('./framework-dir');

module.exports = {
  packages: ['@openai/agents-core', 'zod'],
  async setup() {
    const from = frameworkDir('@toolwright/openai-agents');
    const { tool, RunContext, invokeFunctionTool } = requireBuilt('@openai/agents-core', ['tool'], from);
    const { z } = requireBuilt('zod', ['z'], from);
    const t = tool({
      name: TOOL_NAME,
      description: TOOL_DESCRIPTION,
      parameters: z.object({
        path: z.string().min(1),
        offset: z.number().int().min(1).optional(),
        limit: z.number().int().min(1).max(10000).optional(),
      }),
      execute: (input) => readFileBody(input),
    });
    const runContext = new RunContext();
    return { invoke: (json) => invokeFunctionTool({ tool: t, runContext, input: json }) };
  },
  outcome: (r) => (typeof r === 'string' ? { ok: false, error: r } : { ok: true, value: r }),
};
