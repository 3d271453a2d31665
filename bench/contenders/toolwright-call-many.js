'use strict';
// toolwright with calls spread over 1,000 tools: distinct tool names, args classes and parameter
// names (path_i, offset_i, limit_i), called in turn, each call's arguments renamed for its tool.
// What a host of a large registry pays per call when no tool is called much more than the others.
const { manyName, manyDescription, manySuffix, readFileBody } = require('../lib/fixture');
const { core, defineReadFile, toolResultOutcome } = require('./toolwright-tool');

const TOOLS = 1000;

module.exports = {
  packages: ['@toolwright/core'],
  async setup() {
    const tw = core();
    const tools = new tw.ToolSet();
    const names = [];
    const suffixes = [];
    for (let i = 0; i < TOOLS; i++) {
      const suffix = manySuffix(i);
      const { ReadFile } = defineReadFile(tw, { name: manyName(i), description: manyDescription(i), suffix });
      const tool = new ReadFile();
      // The shared body reads path and limit: each tool hands it its own argument names.
      const path = `path${suffix}`;
      const limit = `limit${suffix}`;
      tool.run = (args) => readFileBody({ path: args[path], limit: args[limit] });
      tools.add(tw.eraseTool(tool));
      names.push(manyName(i));
      suffixes.push(suffix);
    }
    // The harness's argument text, renamed for each tool (made once per text).
    const renamed = new Map();
    const textsFor = (json) => {
      let texts = renamed.get(json);
      if (texts === undefined) {
        texts = suffixes.map((suffix) => json.replace(/"(path|offset|limit)"(\s*):/g, `"$1${suffix}"$2:`));
        renamed.set(json, texts);
      }
      return texts;
    };
    let next = 0;
    return {
      invoke: (json) => {
        const index = next;
        next = index + 1 === TOOLS ? 0 : index + 1;
        return tools.call(names[index], textsFor(json)[index]);
      },
    };
  },
  outcome: toolResultOutcome,
};
