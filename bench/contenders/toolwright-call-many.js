'use strict';
// toolwright with calls spread over 1,000 tools: distinct tool names, args classes and parameter
// names (path_i, offset_i, limit_i), called in turn, each call's arguments renamed for its tool.
// What a host of a large registry pays per call when no tool is called much more than the others.
const { MANY, manyName, manyDescription, manySuffix, manyTexts, manyBody } = require('../lib/fixture');
const { core, defineReadFile, toolResultOutcome } = require('./toolwright-tool');

module.exports = {
  packages: ['@toolwright/core'],
  async setup() {
    const tw = core();
    const tools = new tw.ToolSet();
    const names = [];
    const suffixes = [];
    for (let i = 0; i < MANY; i++) {
      const suffix = manySuffix(i);
      const { ReadFile } = defineReadFile(tw, { name: manyName(i), description: manyDescription(i), suffix });
      const tool = new ReadFile();
      tool.run = manyBody(suffix);
      tools.add(tw.eraseTool(tool));
      names.push(manyName(i));
      suffixes.push(suffix);
    }
    const textsFor = manyTexts(suffixes);
    let next = 0;
    return {
      invoke: (json) => {
        const index = next;
        next = index + 1 === MANY ? 0 : index + 1;
        return tools.call(names[index], textsFor(json)[index]);
      },
    };
  },
  outcome: toolResultOutcome,
};
