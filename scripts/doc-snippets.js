#!/usr/bin/env node
// Docs snippets come from regions of files that compile and run in the tests:
//
//   <!-- snippet: packages/core/test/docs/tools.test.ts#read-file -->
//   ```ts
//   …the region's text…
//   ```
//   <!-- /snippet -->
//
// and in the source file, `// #region read-file` … `// #endregion`. `node scripts/doc-snippets.js`
// rewrites every page from its sources; `--check` lists the pages that differ (a test runs it).
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
// Prettier keeps a blank line between an HTML comment and a fence; the rendered form has it too.
const BLOCK = /<!-- snippet: ([^#\s]+)#([\w-]+) -->\n+```(\w*)\n[\s\S]*?```\n+<!-- \/snippet -->/g;

/** The text of `// #region name` in a file, dedented. */
function region(file, name) {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.trim() === `// #region ${name}`);
  if (start < 0) throw new Error(`${file}: no "// #region ${name}"`);
  const end = lines.findIndex((line, index) => index > start && line.trim() === '// #endregion');
  if (end < 0) throw new Error(`${file}: region ${name} has no "// #endregion"`);
  const body = lines.slice(start + 1, end);
  const indent = Math.min(...body.filter((l) => l.trim() !== '').map((l) => l.match(/^ */)[0].length));
  return body.map((line) => line.slice(indent)).join('\n');
}

/** Every docs page with its snippets filled in from their sources. */
function render(page) {
  return page.replace(BLOCK, (_match, file, name, language) => {
    return `<!-- snippet: ${file}#${name} -->\n\n\`\`\`${language}\n${region(file, name)}\n\`\`\`\n\n<!-- /snippet -->`;
  });
}

/** The docs pages and each package's README (its npm page). */
function pages() {
  const dir = path.join(ROOT, 'docs');
  const docs = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .map((name) => path.join(dir, name));
  const packages = path.join(ROOT, 'packages');
  const readmes = fs
    .readdirSync(packages)
    .map((name) => path.join(packages, name, 'README.md'))
    .filter((file) => fs.existsSync(file));
  return [...docs, ...readmes];
}

function main() {
  const check = process.argv.includes('--check');
  const stale = [];
  for (const page of pages()) {
    const text = fs.readFileSync(page, 'utf8');
    const rendered = render(text);
    if (rendered === text) continue;
    if (check) stale.push(path.relative(ROOT, page));
    else fs.writeFileSync(page, rendered);
  }
  if (stale.length > 0) {
    console.error(
      `Docs snippets differ from their sources in: ${stale.join(', ')}\nFix: node scripts/doc-snippets.js`,
    );
    process.exit(1);
  }
}

module.exports = { render, region, pages };
if (require.main === module) main();
