'use strict';
// OpenAI Agents (@openai/agents-core): tool({ parameters: z.object }) builds the JSON Schema in the
// constructor, so defining a tool already derives its definition; reading it back is free.
const { tool } = require('@openai/agents-core');
const { z } = require('zod');
const { manyName, manyDescription, manySuffix, readFileBody, indices } = require('../../lib/fixture');

function define(from, n) {
  return indices(from, n).map((i) => {
    const s = manySuffix(i);
    return tool({
      name: manyName(i),
      description: manyDescription(i),
      parameters: z.object({
        [`path${s}`]: z.string().min(1),
        [`offset${s}`]: z.number().int().min(1).optional(),
        [`limit${s}`]: z.number().int().min(1).max(10000).optional(),
      }),
      execute: readFileBody,
    });
  });
}

const definitions = (tools) =>
  tools.map((t) => ({ name: t.name, description: t.description, parameters: t.parameters }));

module.exports = {
  async run({ n, measure }) {
    await measure('cold', `define ${n} tool() (JSON Schema built eagerly) + read the definitions`, () => {
      const tools = define(0, n);
      return [tools, definitions(tools)];
    });
    await measure('warm', `the same for a second distinct set`, () => {
      const tools = define(n, n);
      return [tools, definitions(tools)];
    });
  },
};
