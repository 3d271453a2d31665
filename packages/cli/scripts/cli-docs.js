#!/usr/bin/env node
// The outputs shown in docs/cli.md are real: each block between
//
//   <!-- cli-output: validate examples/coding-tools --json -->
//   ```console
//   …
//   ```
//   <!-- /cli-output -->
//
// is the output of running the built CLI with those arguments from the repository root (stdout,
// then stderr, without colour). `lang=mermaid` after the arguments prints the raw output in a
// ```mermaid block, which GitHub renders. `node packages/cli/scripts/cli-docs.js` rewrites the
// blocks; `--check` lists the ones that differ (a test runs it).
'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../../..');
const PAGE = path.join(ROOT, 'docs/cli.md');
const BIN = path.join(ROOT, 'packages/cli/dist/bin.js');
const BLOCK = /<!-- cli-output: (.+?) -->\n+```\w*\n[\s\S]*?```\n+<!-- \/cli-output -->/g;

function output(spec) {
  const words = spec.split(/\s+/);
  const lang = words.find((word) => word.startsWith('lang='))?.slice(5);
  const args = words.filter((word) => !word.startsWith('lang='));
  const run = spawnSync(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '', TOOLWRIGHT_WORKSPACE: ROOT },
    input: '',
  });
  const text = `${run.stdout}${run.stderr}`.replace(/\s+$/, '');
  const body =
    lang === undefined ? `$ npx toolwright ${args.join(' ')}\n${text}\n$ echo $?\n${run.status}` : text;
  return `<!-- cli-output: ${spec} -->\n\n\`\`\`${lang ?? 'console'}\n${body}\n\`\`\`\n\n<!-- /cli-output -->`;
}

function main() {
  if (!fs.existsSync(BIN))
    throw new Error(`${path.relative(ROOT, BIN)} is missing: build first (npm run build).`);
  const page = fs.readFileSync(PAGE, 'utf8');
  const rendered = page.replace(BLOCK, (_match, spec) => output(spec));
  if (rendered === page) return;
  if (process.argv.includes('--check')) {
    console.error(
      "docs/cli.md shows outputs that differ from the CLI's. Fix: node packages/cli/scripts/cli-docs.js",
    );
    process.exitCode = 1;
  } else {
    fs.writeFileSync(PAGE, rendered);
  }
}

main();
