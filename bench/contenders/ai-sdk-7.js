'use strict';
// The AI SDK 7 (`ai`, resolved from the workspace: @toolwright/ai-sdk's peer) rows of section 4: one
// generateText step with a stub LanguageModelV4 whose one response is a read_file tool call carrying
// the raw argument string; stopWhen: stepCountIs(1). The AI SDK parses the call, validates it against
// the tool's inputSchema and runs execute: its own execution path, for a zod tool and a toolwright one
// alike. `ai` 7 requires Node 22: run.js runs these rows under a Node 22 binary (plan.js `node: 22`).
const { TOOL_NAME, TOOL_DESCRIPTION, readFileBody } = require('../lib/fixture');

function stubModel(getInput) {
  const usage = {
    inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: 1, text: 1, reasoning: 0 },
  };
  return {
    specificationVersion: 'v4',
    provider: 'bench',
    modelId: 'stub',
    supportedUrls: {},
    async doGenerate() {
      return {
        content: [{ type: 'tool-call', toolCallId: 'call_1', toolName: TOOL_NAME, input: getInput() }],
        finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
        usage,
        warnings: [],
      };
    },
    async doStream() {
      throw new Error('the bench does not stream');
    },
  };
}

/** read_file written natively for the AI SDK: tool({ inputSchema: z.object(…), execute }). */
function zodReadFileTool() {
  const { tool } = require('ai');
  const { z } = require('zod');
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

/** One invoke = one generateText step over `tools`; gives the step's tool result or tool error. */
function generateStep(tools) {
  const { generateText, stepCountIs } = require('ai');
  let input = '';
  const model = stubModel(() => input);
  return {
    async invoke(json) {
      input = json;
      const step = await generateText({ model, prompt: 'Read src/a.ts.', tools, stopWhen: stepCountIs(1) });
      return step.content.find((part) => part.type === 'tool-result' || part.type === 'tool-error');
    },
  };
}

module.exports = { zodReadFileTool, generateStep };
