#!/usr/bin/env node
// Checks what `npm pack` would publish for every package under packages/: no TypeScript build
// info, no test files, a README and a LICENSE, and every source or declaration map shipped with
// the sources it points at (a map whose sources are missing sends "go to definition" and stack
// traces nowhere). Reads the file list of `npm pack --dry-run --json`, so it checks the tarball
// as npm builds it from `files`, not the folder on disk. Run it after `npm run build`.
'use strict';
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');

/** The publishable packages: every packages/* that is not private. */
function publishablePackages() {
  const dir = path.join(ROOT, 'packages');
  return fs
    .readdirSync(dir)
    .map((name) => path.join(dir, name))
    .filter((folder) => fs.existsSync(path.join(folder, 'package.json')))
    .filter(
      (folder) => JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8')).private !== true,
    );
}

/** The paths (relative to the package) that `npm pack` would put in the tarball. */
function packedFiles(folder) {
  const output = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: folder,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const [report] = JSON.parse(output);
  return report.files.map((file) => file.path);
}

/** Every problem with one package's file list; `readFile` reads a packed file's text. */
function problemsOf(files, readFile) {
  const problems = [];
  const shipped = new Set(files);
  for (const file of files) {
    if (/\.tsbuildinfo$/.test(file)) problems.push(`${file}: TypeScript build info is not for users`);
    if (/\.(test|spec)\.[cm]?[jt]s$/.test(file) || /\.(test|spec)\.d\.[cm]?ts$/.test(file))
      problems.push(`${file}: a test file`);
    if (!file.endsWith('.map')) continue;
    let map;
    try {
      map = JSON.parse(readFile(file));
    } catch (error) {
      problems.push(`${file}: not a readable source map (${error.message})`);
      continue;
    }
    const sources = Array.isArray(map.sources) ? map.sources : [];
    const contents = Array.isArray(map.sourcesContent) ? map.sourcesContent : [];
    sources.forEach((source, index) => {
      if (typeof contents[index] === 'string') return; // inlined: nothing to ship
      const target = path.posix.normalize(
        path.posix.join(path.posix.dirname(file), map.sourceRoot ?? '', source),
      );
      if (!shipped.has(target)) problems.push(`${file}: maps to ${target}, which is not in the tarball`);
    });
  }
  for (const required of ['package.json', 'README.md', 'LICENSE'])
    if (!shipped.has(required)) problems.push(`${required}: missing`);
  return problems;
}

function main() {
  const failures = [];
  for (const folder of publishablePackages()) {
    const name = path.relative(ROOT, folder);
    const files = packedFiles(folder);
    const problems = problemsOf(files, (file) => fs.readFileSync(path.join(folder, file), 'utf8'));
    const maps = files.filter((file) => file.endsWith('.map')).length;
    if (problems.length === 0)
      console.log(`${name}: ${files.length} files, ${maps} maps, all with their sources`);
    else
      failures.push(
        `${name}:\n    - ${problems.slice(0, 20).join('\n    - ')}${problems.length > 20 ? `\n    … ${problems.length - 20} more` : ''}`,
      );
  }
  if (failures.length > 0) {
    console.error(`npm pack would publish what it should not:\n  ${failures.join('\n  ')}`);
    console.error(
      'Fix: list what ships in "files" of the package.json (with "!" patterns for build info and tests), and ship the sources a map names (or build without maps).',
    );
    process.exit(1);
  }
}

if (require.main === module) main();

module.exports = { problemsOf, packedFiles, publishablePackages };
