'use strict';
// LangChain: N distinct tool(fn, { schema: z.object }) and their OpenAI-format definitions through
// convertToOpenAITool() (what bindTools() does for each tool).
const { tool } = require('@langchain/core/tools');
const { convertToOpenAITool } = require('@langchain/core/utils/function_calling');
const { z } = require('zod');
const { manyName, manyDescription, manySuffix, readFileBody, indices } = require('../../lib/fixture');

function define(from, n) {
  return indices(from, n).map((i) => {
    const s = manySuffix(i);
    return tool(readFileBody, {
      name: manyName(i),
      description: manyDescription(i),
      schema: z.object({
        [`path${s}`]: z.string().min(1),
        [`offset${s}`]: z.number().int().min(1).optional(),
        [`limit${s}`]: z.number().int().min(1).max(10000).optional(),
      }),
    });
  });
}

module.exports = {
  async run({ n, measure }) {
    await measure('cold', `define ${n} tool() + convertToOpenAITool each`, () => {
      const tools = define(0, n);
      return [tools, tools.map((t) => convertToOpenAITool(t))];
    });
    await measure('warm', `the same for a second distinct set`, () => {
      const tools = define(n, n);
      return [tools, tools.map((t) => convertToOpenAITool(t))];
    });
  },
};
