'use strict';
// The "300 tools" agent row: 300 distinct read_file-style tools (args classes of three parameters
// with descriptions and bounds), three of them always sent. One run of the Agent with the scripted
// client — a search, a call to a tool it found, an answer — with toolSearch over deferred tools,
// and the same run with every tool sent; reports the definition bytes of each turn's request
// (JSON.stringify(request.tools)) and times both runs.
const { indices } = require('../../lib/fixture');
const { requireBuilt, Pending } = require('../../lib/pending');
const { core, defineMany } = require('../toolwright-tool');

const TOOLS = 300;
const ALWAYS_SENT = 3;

function scriptedClientClass() {
  try {
    return requireBuilt('@toolwright/agent/testing', ['ScriptedModelClient']).ScriptedModelClient;
  } catch (e) {
    if (e instanceof Pending) throw new Pending('@toolwright/agent/testing is not built yet');
    throw e;
  }
}

module.exports = {
  async run({ reps, measure, repeat, figure }) {
    const tw = core();
    const { ToolRegistry } = requireBuilt('@toolwright/registry', ['ToolRegistry']);
    const { Agent } = requireBuilt('@toolwright/agent', ['Agent']);
    const ScriptedModelClient = scriptedClientClass();
    const registry = new ToolRegistry();
    for (const i of indices(0, TOOLS)) {
      registry.tool(defineMany(tw, i).ReadFile, { deferLoading: i >= ALWAYS_SENT });
    }
    const handle = registry.finalize();
    if (handle.tools().filter((tool) => tool.deferLoading).length !== TOOLS - ALWAYS_SENT)
      throw new Pending('@toolwright/registry does not defer tools (deferLoading) yet');
    const target = `read_file_${TOOLS - 58}`;
    const script = [
      { toolCalls: [{ name: 'tool_search', arguments: { query: target } }] },
      { toolCalls: [{ name: target, arguments: { path: 'src/a.ts' } }] },
      { text: 'Done.' },
    ];
    const runWith = async (toolSearch) => {
      const model = new ScriptedModelClient(toolSearch ? script : script.slice(1));
      const result = await new Agent({
        model,
        tools: handle,
        ...(toolSearch ? { toolSearch: true } : {}),
      }).run('Read src/a.ts with the right tool.');
      if (result.stopReason !== 'completed')
        throw new Error(`the run ended ${result.stopReason}: ${result.reason}`);
      return model.requests.map((request) => Buffer.byteLength(JSON.stringify(request.tools)));
    };
    const deferred = await measure('runDeferred', `Agent.run with toolSearch, ${TOOLS} tools, 3 turns`, () =>
      runWith(true),
    );
    const all = await measure('runAll', `Agent.run sending all ${TOOLS} tools, 2 turns`, () =>
      runWith(false),
    );
    await repeat('runDeferredWarm', `Agent.run with toolSearch, ${TOOLS} tools, 3 turns (warm)`, reps, () =>
      runWith(true),
    );
    figure('bytesAll', `definition bytes per turn, all ${TOOLS} tools sent`, all[0], 'bytes');
    deferred.forEach((bytes, index) =>
      figure(
        `bytesDeferredTurn${index + 1}`,
        `definition bytes, turn ${index + 1}, deferred loading`,
        bytes,
        'bytes',
      ),
    );
    figure(
      'bytesDeferredMax',
      'definition bytes, largest turn with deferred loading',
      Math.max(...deferred),
      'bytes',
    );
  },
};
