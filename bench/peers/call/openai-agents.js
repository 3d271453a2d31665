'use strict';
// OpenAI Agents SDK (@openai/agents-core 0.14, the package that defines tool()): FunctionTool.invoke
// with a reused RunContext and the raw JSON string, as the runner calls it. Invalid input becomes the
// default errorFunction's string (no throw).
const { tool, RunContext } = require('@openai/agents-core');
const { z } = require('zod');
const { TOOL_NAME, TOOL_DESCRIPTION, readFileBody } = require('../../lib/fixture');

module.exports = {
  packages: ['@openai/agents-core', 'openai', 'zod'],
  async setup() {
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
    const context = new RunContext();
    return { invoke: (json) => t.invoke(context, json) };
  },
  outcome: (r) => (typeof r === 'string' ? { ok: false, error: r } : { ok: true, value: r }),
};
