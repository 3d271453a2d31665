'use strict';
// The read_file tool written natively for LangChain (tool() with a zod object), called as a
// LangGraph ToolNode calls it: tool.invoke({ type: 'tool_call', id, name, args }) → ToolMessage.
// LangChain is the copy @toolwright/langchain resolves, so both rows of the pair run the same
// framework code. Invalid input throws ToolInputParsingException, which the ToolNode catches
// (caught here too; its cost is part of the call).
const { requireBuilt } = require('../../lib/pending');
const { TOOL_NAME, TOOL_DESCRIPTION, readFileBody } = require('../../lib/fixture');
const { frameworkDir } = require('./framework-dir');

module.exports = {
  packages: ['@langchain/core', 'zod'],
  async setup() {
    const from = frameworkDir('@toolwright/langchain');
    const { tool } = requireBuilt('@langchain/core/tools', ['tool'], from);
    const { z } = requireBuilt('zod', ['z'], from);
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
          return {
            message: await t.invoke({
              type: 'tool_call',
              id: 'call_1',
              name: TOOL_NAME,
              args: JSON.parse(json),
            }),
          };
        } catch (error) {
          return { error };
        }
      },
    };
  },
  outcome: (r) =>
    'error' in r ? { ok: false, error: r.error } : { ok: true, value: JSON.parse(r.message.content) },
};
