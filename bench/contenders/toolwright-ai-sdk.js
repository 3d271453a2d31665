'use strict';
// Section 4, the toolwright side: the same read_file as a toolwright tool (decorated args class, a
// finalized registry) handed to the AI SDK 7 by aiSdkTools, one generateText step: the AI SDK's
// execution path, toolwright's decoder in execute.
const { requireBuilt } = require('../lib/pending');
const { core, defineReadFile } = require('./toolwright-tool');
const { generateStep } = require('./ai-sdk-7');

module.exports = {
  packages: ['@toolwright/ai-sdk', '@toolwright/registry', '@toolwright/core', 'ai'],
  async setup() {
    const tw = core();
    const { ToolRegistry } = requireBuilt('@toolwright/registry', ['ToolRegistry']);
    const { aiSdkTools } = requireBuilt('@toolwright/ai-sdk', ['aiSdkTools']);
    const handle = new ToolRegistry().tool(defineReadFile(tw).ReadFile).finalize();
    return generateStep(aiSdkTools(handle));
  },
  outcome: (part) =>
    part?.type === 'tool-result' && part.output?.type === 'result'
      ? { ok: true, value: part.output.json }
      : { ok: false, error: part?.error ?? part },
};
