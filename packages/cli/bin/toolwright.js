#!/usr/bin/env node
// The `toolwright` command. This committed file, not dist/bin.js, is the package's bin: npm links
// bins at install time, and in a fresh clone of the monorepo dist/ does not exist yet then.
'use strict';
const path = require('node:path');

try {
  require.resolve('../dist/bin.js');
} catch {
  console.error(
    `toolwright: ${path.resolve(__dirname, '../dist/bin.js')} is missing; build the package first (npm run build).`,
  );
  process.exit(2);
}
require('../dist/bin.js');
