'use strict';
// toolwright: N distinct decorated args classes + @Tool classes, erased into a ToolSet, and their
// definitions (schemaOf of each args class, via ToolSet.definitions()).
const { core, defineMany, defineManyBare } = require('../toolwright-tool');
const { indices } = require('../../lib/fixture');

const define = (tw, from, n) => indices(from, n).map((i) => defineMany(tw, i));

function erase(tw, defined) {
  const tools = new tw.ToolSet();
  for (const { ReadFile } of defined) tools.add(tw.eraseTool(new ReadFile()));
  return tools;
}

function derive(tools) {
  const defs = tools.definitions();
  // read every schema, in case a definition computes it lazily
  let fields = 0;
  for (const d of defs) fields += Object.keys(d.inputSchema.properties).length;
  if (fields !== 3 * defs.length) throw new Error(`expected 3 fields per definition, got ${fields}`);
  return defs;
}

module.exports = {
  async run({ n, measure }) {
    const tw = core();
    await measure('cold', `define ${n} args + tool classes, eraseTool, ToolSet.add, definitions()`, () => {
      const tools = erase(tw, define(tw, 0, n));
      return [tools, derive(tools)];
    });
    await measure('warm', 'the same for a second distinct set', () => {
      const tools = erase(tw, define(tw, n, n));
      return [tools, derive(tools)];
    });
    // the parts, each on fresh distinct classes
    const defined = await measure('define', `the decorators alone: ${n} args + tool classes`, () =>
      define(tw, 2 * n, n),
    );
    const tools = await measure('erase', `eraseTool + ToolSet.add of those ${n}`, () => erase(tw, defined));
    await measure('derive', `ToolSet.definitions() of those ${n}`, () => derive(tools));
    const more = define(tw, 3 * n, n);
    await measure('schemaOf', `schemaOf() alone, ${n} fresh args classes`, () =>
      more.map((d) => tw.schemaOf(d.Args)),
    );
    // The baseline: the program's own classes and the options it writes for them, before any
    // decorator (section 2's memory note).
    await measure(
      'classes',
      `the same ${n} args + tool classes and their @Tool options objects, without decorators (no toolwright)`,
      () => indices(4 * n, n).map((i) => defineManyBare(i)),
    );
    await measure(
      'designTypes',
      `the same with only TypeScript's design:type metadata on the classes (no toolwright)`,
      () => indices(5 * n, n).map((i) => defineManyBare(i, { designTypes: true })),
    );
  },
};
