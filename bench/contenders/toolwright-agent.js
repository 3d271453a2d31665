'use strict';
// Agent step, toolwright side: Agent over the read_file registry with the scripted model client
// answering one read_file tool call carrying the raw argument string; maxTurns 1, so one invoke is
// one model turn + one tool call, run to its result.
const { requireBuilt, Pending } = require('../lib/pending');
const { TOOL_NAME } = require('../lib/fixture');
const { core, defineReadFile } = require('./toolwright-tool');

function scriptedClientClass() {
  for (const pkg of ['@toolwright/agent/testing', '@toolwright/agent']) {
    try {
      return requireBuilt(pkg, ['ScriptedModelClient']).ScriptedModelClient;
    } catch (e) {
      if (!(e instanceof Pending)) throw e;
    }
  }
  throw new Pending('@toolwright/agent does not export ScriptedModelClient (testing subpath) yet');
}

module.exports = {
  packages: ['@toolwright/agent', '@toolwright/registry', '@toolwright/core'],
  async setup() {
    const tw = core();
    const { ToolRegistry } = requireBuilt('@toolwright/registry', ['ToolRegistry']);
    const { Agent } = requireBuilt('@toolwright/agent', ['Agent']);
    const ScriptedModelClient = scriptedClientClass();
    const handle = new ToolRegistry().tool(defineReadFile(tw).ReadFile).finalize();
    // One agent per argument string, each with a plain (pre-compiled) scripted turn replayed in a
    // loop, as the AI SDK's stub model returns the same tool call every time.
    const agents = new Map();
    const agentFor = (json) => {
      let agent = agents.get(json);
      if (agent === undefined) {
        const model = new ScriptedModelClient(
          [{ toolCalls: [{ id: 'call_1', name: TOOL_NAME, arguments: json }] }],
          {
            record: false,
            loop: true,
          },
        );
        agent = new Agent({ model, tools: handle, maxTurns: 1 });
        agents.set(json, agent);
      }
      return agent;
    };
    return {
      async invoke(json) {
        const run = await agentFor(json).run('Read src/a.ts.');
        return run.toolResults[0] ?? { status: 'none', run };
      },
    };
  },
  outcome(r) {
    if (r?.status === 'ok' && r.result?.ok) return { ok: true, value: r.result.value };
    const text = r?.content?.find?.((c) => c.type === 'text')?.text;
    return { ok: false, error: text ?? r?.error ?? r };
  },
};
