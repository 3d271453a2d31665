'use strict';
// toolwright registry: finalize() of 1,000 and 10,000 tools, each with a small requirement tree and a
// description template that refers to its neighbour (a ring, so every reference resolves), then the
// definitions of 1,000 tools read again from the handle's cache.
const { requireBuilt } = require('../../lib/pending');
const { indices, manyName, manySuffix } = require('../../lib/fixture');
const { core, defineReadFile } = require('../toolwright-tool');

function registryApi() {
  const registry = requireBuilt('@toolwright/registry', [
    'ToolRegistry',
    'requiresTool',
    'requiresKind',
    'hasParam',
  ]);
  const expr = requireBuilt('@toolwright/expr', ['Expr']);
  return { ...registry, Expr: expr.Expr };
}

/** N tools numbered from `from`: tool k requires its predecessor (with its path argument) and a read tool. */
function defineRing(tw, api, from, n) {
  const { requiresTool, requiresKind, hasParam, Expr } = api;
  return indices(0, n).map((k) => {
    const i = from + k;
    const p = from + ((k + n - 1) % n);
    const prev = manyName(p);
    const description =
      `Read a text file (variant ${i}). Read it with \${{ tools.${prev} }} first, ` +
      `passing \${{ params.${prev}.path${manySuffix(p)} }}.`;
    const requires = Expr.and(
      requiresTool(prev, hasParam(`path${manySuffix(p)}`)),
      Expr.or(requiresKind('read'), Expr.not(requiresTool(`missing_${i}`))),
    );
    return defineReadFile(tw, { name: manyName(i), description, suffix: manySuffix(i), requires }).ReadFile;
  });
}

function registryOf(api, classes) {
  const registry = new api.ToolRegistry();
  for (const C of classes) registry.tool(C);
  return registry;
}

module.exports = {
  defineRing,
  registryApi,
  async run({ n, reps, measure, repeat }) {
    const tw = core();
    const api = registryApi();
    const big = 10 * n;
    // Classes and builder calls are set up untimed; finalize() is what is measured.
    const first = registryOf(api, defineRing(tw, api, 0, n));
    const handle = await measure('finalize1k', `finalize() of ${n} tools (first in the process)`, () =>
      first.finalize(),
    );
    const again = registryOf(api, defineRing(tw, api, n, n));
    await measure('finalize1kWarm', `finalize() of a second distinct ${n}`, () => again.finalize());
    const large = registryOf(api, defineRing(tw, api, 2 * n, big));
    await measure('finalize10k', `finalize() of ${big} tools`, () => large.finalize());
    await measure('definitionsFirst', `handle.definitions('openai') of ${n}, first call`, () =>
      handle.definitions('openai'),
    );
    await repeat('warmDefinitions', `handle.definitions('openai') of ${n}, from the cache`, reps, () =>
      handle.definitions('openai'),
    );
  },
};
