#!/usr/bin/env node
'use strict';
// Fails when a file in packages/*/src imports itself through other files: `import type` and
// `export … from` included, which ESLint's import/no-cycle skips. A cycle means two files are one
// concept split in two or a concept with a dependency the wrong way round (STYLE: no import cycles).
// Part of `npm run lint`.
const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

const root = path.join(__dirname, '..');
const packagesDir = path.join(root, 'packages');

function sourceFiles(dir) {
  const files = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(full));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') && !entry.name.endsWith('.test.ts'))
      files.push(full);
  }
  return files;
}

function resolve(from, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [`${base}.ts`, path.join(base, 'index.ts'), base.replace(/\.js$/, '.ts')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

const files = fs
  .readdirSync(packagesDir)
  .map((name) => path.join(packagesDir, name, 'src'))
  .filter((dir) => fs.existsSync(dir))
  .flatMap(sourceFiles);
const edges = new Map();
for (const file of files) {
  const info = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  const targets = new Set();
  for (const imported of info.importedFiles) {
    const target = resolve(file, imported.fileName);
    if (target !== undefined) targets.add(target);
  }
  edges.set(file, [...targets]);
}

// Tarjan's strongly connected components, iteratively (a deep chain must not overflow the stack).
let index = 0;
const indexOf = new Map();
const low = new Map();
const onStack = new Set();
const stack = [];
const components = [];
for (const start of files) {
  if (indexOf.has(start)) continue;
  const work = [[start, 0]];
  indexOf.set(start, index);
  low.set(start, index);
  index += 1;
  stack.push(start);
  onStack.add(start);
  while (work.length > 0) {
    const frame = work[work.length - 1];
    const [node, next] = frame;
    const targets = edges.get(node) ?? [];
    if (next < targets.length) {
      frame[1] += 1;
      const target = targets[next];
      if (!indexOf.has(target)) {
        indexOf.set(target, index);
        low.set(target, index);
        index += 1;
        stack.push(target);
        onStack.add(target);
        work.push([target, 0]);
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node), indexOf.get(target)));
      }
      continue;
    }
    work.pop();
    if (work.length > 0) {
      const parent = work[work.length - 1][0];
      low.set(parent, Math.min(low.get(parent), low.get(node)));
    }
    if (low.get(node) === indexOf.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      const selfImport = component.length === 1 && (edges.get(node) ?? []).includes(node);
      if (component.length > 1 || selfImport) components.push(component);
    }
  }
}

// One concrete cycle through a component, for the message.
function cycleIn(component) {
  const members = new Set(component);
  const first = component.slice().sort()[0];
  const previous = new Map([[first, undefined]]);
  const queue = [first];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const target of edges.get(node) ?? []) {
      if (!members.has(target)) continue;
      if (target === first) {
        const chain = [node];
        while (previous.get(chain[0]) !== undefined) chain.unshift(previous.get(chain[0]));
        return [...chain, first];
      }
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return component;
}

if (components.length === 0) {
  process.stdout.write(`import cycles: none among ${files.length} files in packages/*/src\n`);
} else {
  const rel = (file) => path.relative(root, file);
  process.stderr.write(
    `import cycles: ${components.length} among the files of packages/*/src (type imports included)\n`,
  );
  for (const component of components) {
    process.stderr.write(
      `  - ${component.map(rel).sort().join(', ')}\n    for example ${cycleIn(component).map(rel).join(' → ')}\n`,
    );
  }
  process.exitCode = 1;
}
