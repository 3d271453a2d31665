'use strict';
// Vercel AI SDK 6: tool({ inputSchema: z.object, execute }). One call is what generateText does for
// one tool call, through public exports: safeParseJSON({ text, schema: asSchema(inputSchema) })
// (secure JSON parse + zod validation), then tool.execute(input, options).
const { tool, asSchema } = require('ai');
const { safeParseJSON } = require('@ai-sdk/provider-utils');
const { z } = require('zod');
const { TOOL_DESCRIPTION, readFileBody } = require('../../lib/fixture');

function readFileTool() {
  return tool({
    description: TOOL_DESCRIPTION,
    inputSchema: z.object({
      path: z.string().min(1),
      offset: z.number().int().min(1).optional(),
      limit: z.number().int().min(1).max(10000).optional(),
    }),
    execute: (input) => readFileBody(input),
  });
}

module.exports = {
  packages: ['ai', '@ai-sdk/provider-utils', 'zod'],
  readFileTool,
  async setup() {
    const t = readFileTool();
    const options = { toolCallId: 'call_1', messages: [] };
    return {
      async invoke(json) {
        const parsed = await safeParseJSON({ text: json, schema: asSchema(t.inputSchema) });
        if (!parsed.success) return parsed;
        return { success: true, output: await t.execute(parsed.value, options) };
      },
    };
  },
  outcome: (r) => (r.success ? { ok: true, value: r.output } : { ok: false, error: r.error }),
};
