'use strict';
// The baseline of the finalize row's goal: the same 1,000 tools as toolwright-finalize.js (the ring with
// its requirement trees and templates), defined and derived cold in a fresh process without a
// registry: the decorated classes, eraseTool of each, ToolSet.add, and definitions() (every schema).
// finalize() of those tools must cost at most 1.5× this: the checks come on top of what a program
// without a registry pays anyway.
const { core } = require('../toolwright-tool');
const { defineRing, registryApi } = require('./toolwright-finalize');

module.exports = {
  async run({ n, measure }) {
    const tw = core();
    const api = registryApi();
    await measure(
      'cold',
      `define ${n} ring tools, eraseTool, ToolSet.add, definitions() (no registry)`,
      () => {
        const tools = new tw.ToolSet();
        for (const C of defineRing(tw, api, 0, n)) tools.add(tw.eraseTool(new C()));
        const definitions = tools.definitions();
        let fields = 0;
        for (const definition of definitions) fields += Object.keys(definition.inputSchema.properties).length;
        if (fields === 0) throw new Error('no schema was derived');
        return [tools, definitions];
      },
    );
  },
};
