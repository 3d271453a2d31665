'use strict';
// toolwright MCP server: tools/list of N tools (served from the handle's cached definitions), listed
// by the same SDK Client over InMemoryTransport as the SDK rows.
const { indices } = require('../../lib/fixture');
const { core, defineMany } = require('../toolwright-tool');
const { mcpApi, handleOf, connectRevision } = require('../toolwright-mcp');

async function listAll(client, n) {
  const all = [];
  let cursor;
  do {
    const page = await client.listTools(cursor ? { cursor } : undefined);
    all.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor);
  if (all.length !== n) throw new Error(`tools/list gave ${all.length} tools, expected ${n}`);
  return all;
}

module.exports = {
  async run({ n, reps, measure, repeat }) {
    const tw = core();
    const { ToolRegistry } = mcpApi();
    const handle = handleOf(
      ToolRegistry,
      indices(0, n).map((i) => defineMany(tw, i).ReadFile),
    );
    const client = await connectRevision(handle, '2025-11-25'); // lists once
    await measure('list-first', `tools/list of ${n} (second list after connect)`, () => listAll(client, n));
    await repeat('list', `tools/list of ${n}, steady state`, reps, () => listAll(client, n));
    const modern = await connectRevision(handle, '2026-07-28'); // lists once
    await measure('list-2026-first', `2026-07-28: tools/list of ${n} (second list after connect)`, () =>
      listAll(modern, n),
    );
    await repeat('list-2026', `2026-07-28: tools/list of ${n}, steady state`, reps, () => listAll(modern, n));
    await client.close();
    await modern.close();
  },
};
