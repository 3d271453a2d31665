'use strict';
// What the figures were measured on: machine, runtime, load, date, the repository commit.
const os = require('node:os');
const { execFileSync } = require('node:child_process');

const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

function git(args, cwd) {
  try {
    return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

function describeMachine(repoRoot) {
  const cpus = os.cpus();
  const commit = git(['rev-parse', '--short', 'HEAD'], repoRoot);
  const dirty = git(['status', '--porcelain', '--', 'packages'], repoRoot);
  return {
    date: new Date().toISOString(),
    cpu: cpus[0]?.model?.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    v8: process.versions.v8,
    loadStart: load(),
    commit: commit ? `${commit}${dirty ? ' + uncommitted changes in packages/' : ''}` : 'unknown',
  };
}

module.exports = { describeMachine, load };
