'use strict';
// Section 4, the native side: read_file written for the AI SDK 7 with zod, one generateText step.
const { TOOL_NAME } = require('../lib/fixture');
const { zodReadFileTool, generateStep } = require('./ai-sdk-7');

module.exports = {
  packages: ['ai', 'zod'],
  async setup() {
    return generateStep({ [TOOL_NAME]: zodReadFileTool() });
  },
  outcome: (part) =>
    part?.type === 'tool-result'
      ? { ok: true, value: part.output }
      : { ok: false, error: part?.error ?? part },
};
