'use strict';
// Agent step, AI SDK side: generateText() with a stub LanguageModelV3 (public provider interface)
// whose one response is a tool call carrying the raw argument string; stopWhen: stepCountIs(1).
// One invoke = one step: one model call, one tool call parsed, validated and executed, the step result
// assembled. No network.
const { generateText, stepCountIs } = require('ai');
const { TOOL_NAME } = require('../../lib/fixture');
const { readFileTool } = require('../call/ai-sdk');

function stubModel(getInput) {
  const usage = {
    inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: 1, text: 1, reasoning: 0 },
  };
  return {
    specificationVersion: 'v3',
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

module.exports = {
  packages: ['ai', 'zod'],
  async setup() {
    let input = '';
    const model = stubModel(() => input);
    const tools = { [TOOL_NAME]: readFileTool() };
    return {
      async invoke(json) {
        input = json;
        const step = await generateText({ model, prompt: 'Read src/a.ts.', tools, stopWhen: stepCountIs(1) });
        return step.content.find((part) => part.type === 'tool-result' || part.type === 'tool-error');
      },
    };
  },
  outcome: (part) =>
    part?.type === 'tool-result'
      ? { ok: true, value: part.output }
      : { ok: false, error: part?.error ?? part },
};
