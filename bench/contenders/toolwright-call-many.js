'use strict';
// toolwright with calls spread over 1,000 tools: distinct tool names, args classes and parameter
// names (path_i, offset_i, limit_i), called in turn, each call's arguments renamed for its tool.
// What a host of a large registry pays per call when no tool is called much more than the others.
const { manyName, manyDescription, manySuffixes, manyTurns, manyTexts, manyBody } = require('../lib/fixture');
const { core, defineReadFile, toolResultOutcome } = require('./toolwright-tool');

module.exports = {
  packages: ['@toolwright/core'],
  async setup() {
    const tw = core();
    const tools = new tw.ToolSet();
    const suffixes = manySuffixes();
    suffixes.forEach((suffix, i) => {
      const { ReadFile } = defineReadFile(tw, { name: manyName(i), description: manyDescription(i), suffix });
      const tool = new ReadFile();
      tool.run = manyBody(suffix);
      tools.add(tw.eraseTool(tool));
    });
    // Called by names of their own, not the definitions' strings: a host reads each name anew.
    const names = suffixes.map((_, i) => manyName(i));
    const textsFor = manyTexts(suffixes);
    const turn = manyTurns();
    return {
      invoke: (json) => {
        const index = turn();
        return tools.call(names[index], textsFor(json)[index]);
      },
    };
  },
  outcome: toolResultOutcome,
};
