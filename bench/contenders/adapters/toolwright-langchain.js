'use strict';
// The toolwright read_file tool through @toolwright/langchain, called as a LangGraph ToolNode calls
// any tool: tool.invoke({ type: 'tool_call', id, name, args }) → ToolMessage (content and the
// ToolResult as artifact; an invalid call is a status 'error' message with toolwright's text).
const { requireBuilt } = require('../../lib/pending');
const { TOOL_NAME } = require('../../lib/fixture');
const { core, readFileToolSet } = require('../toolwright-tool');

module.exports = {
  packages: ['@toolwright/langchain', '@langchain/core', '@toolwright/core'],
  async setup() {
    const { langChainTools } = requireBuilt('@toolwright/langchain', ['langChainTools']);
    const [t] = langChainTools(readFileToolSet(core()), { include: [TOOL_NAME] });
    return {
      invoke: (json) =>
        t.invoke({ type: 'tool_call', id: 'call_1', name: TOOL_NAME, args: JSON.parse(json) }),
    };
  },
  outcome: (message) =>
    message.status === 'success'
      ? { ok: true, value: message.artifact.value }
      : { ok: false, error: message.content },
};
