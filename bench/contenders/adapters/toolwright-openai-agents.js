'use strict';
// The toolwright read_file tool through @toolwright/openai-agents, called as the runner calls any
// function tool: invokeFunctionTool({ tool, runContext, input }) with the model's raw JSON. The
// adapter answers with the text the model reads (the JSON of the output, or toolwright's error text).
const { requireBuilt } = require('../../lib/pending');
const { TOOL_NAME } = require('../../lib/fixture');
const { core, readFileToolSet } = require('../toolwright-tool');
const { frameworkDir } = require('./framework-dir');

module.exports = {
  packages: ['@toolwright/openai-agents', '@openai/agents-core', '@toolwright/core'],
  async setup() {
    const { openAiAgentsTools } = requireBuilt('@toolwright/openai-agents', ['openAiAgentsTools']);
    const { RunContext, invokeFunctionTool } = requireBuilt(
      '@openai/agents-core',
      ['invokeFunctionTool'],
      frameworkDir('@toolwright/openai-agents'),
    );
    const [t] = openAiAgentsTools(readFileToolSet(core()), { include: [TOOL_NAME] });
    const runContext = new RunContext();
    return { invoke: (json) => invokeFunctionTool({ tool: t, runContext, input: json }) };
  },
  outcome: textOutcome,
};

/** The model-visible text back as an outcome: the output's JSON parses, an error text does not. */
function textOutcome(text) {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, error: text };
  }
}
