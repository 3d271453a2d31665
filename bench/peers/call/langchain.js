'use strict';
// LangChain: tool(fn, { name, description, schema: z.object }).invoke(JSON.parse(json)), default
// config. invoke() throws ToolInputParsingException on invalid input; the catch (and its cost) is
// part of the measured call.
const { tool } = require('@langchain/core/tools');
const { z } = require('zod');
const { TOOL_NAME, TOOL_DESCRIPTION, readFileBody } = require('../../lib/fixture');

module.exports = {
  packages: ['@langchain/core', 'zod'],
  async setup() {
    const t = tool((input) => readFileBody(input), {
      name: TOOL_NAME,
      description: TOOL_DESCRIPTION,
      schema: z.object({
        path: z.string().min(1),
        offset: z.number().int().min(1).optional(),
        limit: z.number().int().min(1).max(10000).optional(),
      }),
    });
    return {
      async invoke(json) {
        try {
          return { value: await t.invoke(JSON.parse(json)) };
        } catch (error) {
          return { error };
        }
      },
    };
  },
  outcome: (r) => ('error' in r ? { ok: false, error: r.error } : { ok: true, value: r.value }),
};
