'use strict';
// The definitions floor: 1,000 hand-written JSON Schema definitions as object literals. Nothing to
// derive, nothing to validate with: what a framework-free author writes.
const { manyName, manyDescription, manySuffix, readFileJsonSchema, indices } = require('../../lib/fixture');

const build = (from, n) =>
  indices(from, n).map((i) => ({
    name: manyName(i),
    description: manyDescription(i),
    inputSchema: readFileJsonSchema(manySuffix(i)),
  }));

module.exports = {
  async run({ n, measure }) {
    await measure('cold', `${n} definitions as object literals`, () => build(0, n));
    await measure('warm', `${n} definitions, second distinct set`, () => build(n, n));
  },
};
