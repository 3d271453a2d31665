'use strict';
// AI SDK: N distinct tool({ inputSchema: z.object }) and their definitions through the public
// asSchema(inputSchema).jsonSchema (zod → JSON Schema), which generateText repeats on every step.
const { tool, asSchema } = require('ai');
const { z } = require('zod');
const { manyName, manyDescription, manySuffix, readFileBody, indices } = require('../../lib/fixture');

function define(from, n) {
  const tools = {};
  for (const i of indices(from, n)) {
    const s = manySuffix(i);
    tools[manyName(i)] = tool({
      description: manyDescription(i),
      inputSchema: z.object({
        [`path${s}`]: z.string().min(1),
        [`offset${s}`]: z.number().int().min(1).optional(),
        [`limit${s}`]: z.number().int().min(1).max(10000).optional(),
      }),
      execute: readFileBody,
    });
  }
  return tools;
}

async function derive(tools) {
  const out = [];
  for (const [name, t] of Object.entries(tools)) {
    out.push({ name, description: t.description, inputSchema: await asSchema(t.inputSchema).jsonSchema });
  }
  return out;
}

module.exports = {
  define,
  async run({ n, reps, measure, repeat }) {
    await measure('cold', `define ${n} tool() + derive their definitions`, async () => {
      const tools = define(0, n);
      return [tools, await derive(tools)];
    });
    const [tools] = await measure('warm', `the same for a second distinct set`, async () => {
      const t = define(n, n);
      return [t, await derive(t)];
    });
    await repeat(
      'again',
      `derive the ${n} definitions again (every generateText step does)`,
      Math.min(reps, 5),
      () => derive(tools),
    );
  },
};
