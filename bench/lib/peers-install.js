'use strict';
// The peer frameworks live in bench/peers with their own lockfile (never in the library's tree).
// Installed on demand with `npm ci --prefix bench/peers` when missing or not matching the lockfile.
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const PEERS_DIR = path.join(__dirname, '..', 'peers');

/** null when bench/peers/node_modules holds exactly the pinned direct dependencies, else why not. */
function peersMismatch() {
  const pkg = JSON.parse(fs.readFileSync(path.join(PEERS_DIR, 'package.json'), 'utf8'));
  for (const [name, want] of Object.entries(pkg.dependencies)) {
    const file = path.join(PEERS_DIR, 'node_modules', name, 'package.json');
    if (!fs.existsSync(file)) return `${name} is not installed`;
    const have = JSON.parse(fs.readFileSync(file, 'utf8')).version;
    if (have !== want) return `${name} ${have} is installed, ${want} is pinned`;
  }
  return null;
}

/** Makes sure the peers are installed; returns { ok, note }. Never throws. */
function ensurePeers(log) {
  let why;
  try {
    why = peersMismatch();
  } catch (e) {
    return { ok: false, note: `bench/peers/package.json unreadable: ${e.message}` };
  }
  if (why === null) return { ok: true, note: null };
  log(`peers: ${why}; installing them: npm ci --prefix bench/peers (about a minute, once)`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const r = spawnSync(npm, ['ci', '--prefix', PEERS_DIR, '--no-audit', '--no-fund', '--loglevel=error'], {
    stdio: ['ignore', process.stderr, process.stderr],
    timeout: 600_000,
  });
  if (r.status !== 0) return { ok: false, note: `npm ci --prefix bench/peers failed (exit ${r.status})` };
  const still = peersMismatch();
  if (still) return { ok: false, note: `after npm ci: ${still}` };
  return { ok: true, note: 'installed the peers with npm ci --prefix bench/peers' };
}

module.exports = { ensurePeers, PEERS_DIR };
