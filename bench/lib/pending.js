'use strict';
// A contender whose toolwright package (or API) does not exist yet reports itself as pending
// instead of failing: the row stays in the tables with the reason, and the run goes on.
const fs = require('node:fs');
const path = require('node:path');

class Pending extends Error {
  constructor(reason) {
    super(reason);
    this.name = 'Pending';
  }
}

/**
 * require(pkg) from `fromDir`, checking that it is built and exports `names`; throws Pending with
 * a reason otherwise. Returns the module.
 */
function requireBuilt(pkg, names = [], fromDir = __dirname) {
  let resolved;
  try {
    resolved = require.resolve(pkg, { paths: [fromDir] });
  } catch {
    throw new Pending(`${pkg} is not built or not installed yet`);
  }
  if (!fs.existsSync(resolved))
    throw new Pending(`${pkg} is not built yet (${path.relative(process.cwd(), resolved)})`);
  const mod = require(resolved);
  const missing = names.filter((n) => mod[n] === undefined);
  if (missing.length > 0) throw new Pending(`${pkg} does not export ${missing.join(', ')} yet`);
  return mod;
}

/** Version of an installed package as Node would resolve it from `fromDir` (reads package.json directly). */
function installedVersion(pkg, fromDir) {
  let dir = path.resolve(fromDir);
  for (;;) {
    const file = path.join(dir, 'node_modules', pkg, 'package.json');
    if (fs.existsSync(file)) {
      try {
        return JSON.parse(fs.readFileSync(file, 'utf8')).version ?? '?';
      } catch {
        return '?';
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

module.exports = { Pending, requireBuilt, installedVersion };
