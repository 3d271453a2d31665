#!/usr/bin/env node
// Fails when more than one copy of a metadata-holding peer is installed: two copies of
// reflect-metadata, class-validator or class-transformer mean two metadata stores, and validation
// that silently does nothing (class-validator #184, #261).
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const PEERS = ['reflect-metadata', 'class-validator', 'class-transformer'];

// Count installed directories (npm ls reports deduplicated entries once per dependent).
const failures = [];
for (const name of PEERS) {
  const copies = findCopies(process.cwd(), name);
  if (copies.length > 1)
    failures.push(`${name}: ${copies.length} copies installed:\n    ${copies.join('\n    ')}`);
  if (copies.length === 0) failures.push(`${name}: not installed`);
}
if (failures.length > 0) {
  console.error(
    `Each of ${PEERS.join(', ')} must be installed exactly once.\n  - ${failures.join('\n  - ')}`,
  );
  console.error(
    'Fix: align the versions so npm can hoist a single copy (npm dedupe), or add an "overrides" entry.',
  );
  process.exit(1);
}
const version = (name) =>
  JSON.parse(fs.readFileSync(path.join(findCopies(process.cwd(), name)[0], 'package.json'), 'utf8')).version;
console.log(`single copies: ${PEERS.map((name) => `${name}@${version(name)}`).join(', ')}`);

function findCopies(root, name) {
  const found = [];
  const stack = [path.join(root, 'node_modules')];
  while (stack.length > 0) {
    const dir = stack.pop();
    let entries;
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (!entry.isDirectory() && !entry.isSymbolicLink()) continue;
      const full = path.join(dir, entry.name);
      if (entry.name.startsWith('@')) {
        stack.push(full);
        continue;
      }
      if (entry.isSymbolicLink()) continue; // workspace links point back into the repository
      if (entry.name === name && fs.existsSync(path.join(full, 'package.json'))) found.push(full);
      const nested = path.join(full, 'node_modules');
      if (fs.existsSync(nested)) stack.push(nested);
    }
  }
  return found;
}
