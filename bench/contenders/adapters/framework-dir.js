'use strict';
// Where an adapter package resolves its framework from: the native twin of an adapter row requires
// the framework from there, so the pair measures one copy of the framework.
const path = require('node:path');
const { requireBuilt } = require('../../lib/pending');

/** The folder of `adapter`'s package.json (its node_modules resolution starts there). */
function frameworkDir(adapter) {
  requireBuilt(adapter);
  return path.dirname(require.resolve(`${adapter}/package.json`, { paths: [__dirname] }));
}

module.exports = { frameworkDir };
