#!/usr/bin/env node
// The consumer test: what a user does, outside this repository. Packs every publishable package,
// installs the tarballs into two fresh projects in the system's temporary folder, one CommonJS
// (the tsconfig.json of docs/getting-started.md) and one ES module ("type": "module", `tsc --init`
// with the additions getting started names), compiles scripts/consumer/src there (a service with
// several tools, a resource, Params and a requirement), runs calls, runs `toolwright validate` on a
// good and a broken registry and `toolwright call`, serves over stdio and lists and calls the tools
// with the MCP SDK's own Client, which it also hands to importMcpTools.
//
//   node scripts/consumer-test.js [--tarballs <dir>] [--only cjs|esm] [--keep]
//   node scripts/consumer-test.js --pack-to <dir>     (only packs, for several runs)
//
// It runs on the Node that runs it (`npm` from PATH), so CI puts each tested Node first on PATH.
// The SDK the projects install is the one packages/mcp/package.json declares, whatever that is.
// Third-party packages come from the npm registry; the toolwright ones only from the tarballs.
'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { publishablePackages } = require('./check-pack-contents');

const ROOT = path.resolve(__dirname, '..');
const SOURCES = path.join(__dirname, 'consumer', 'src');
const GETTING_STARTED = path.join(ROOT, 'docs', 'getting-started.md');
const STEP_TIMEOUT_MS = 5 * 60_000;
// The TypeScript each project compiles with: the repository's own for the CommonJS project, and
// the current major a new user gets from `npm install typescript` for the ES module one.
const TYPESCRIPT = { cjs: readJson(path.join(ROOT, 'package.json')).devDependencies.typescript, esm: '^7' };
// Peers whose metadata (or container) two copies would split.
const SHARED_PEERS = ['reflect-metadata', 'class-validator', 'class-transformer', 'inversify'];
// What getting started tells an ES module project to change in `tsc --init`'s tsconfig.json.
const ESM_ADDITIONS = {
  rootDir: './src',
  outDir: './dist',
  types: ['node'],
  experimentalDecorators: true,
  emitDecoratorMetadata: true,
};

function main() {
  const options = parseArguments(process.argv.slice(2));
  if (options.packTo !== undefined) {
    const packed = packAll(options.packTo);
    console.log(`packed ${packed.length} packages into ${options.packTo}`);
    return;
  }
  const started = Date.now();
  const tarballs = options.tarballs ?? packAll();
  const flavors = options.only === undefined ? ['cjs', 'esm'] : [options.only];
  for (const flavor of flavors) {
    const flavorStarted = Date.now();
    const project = fs.mkdtempSync(path.join(os.tmpdir(), `toolwright-consumer-${flavor}-`));
    if (!path.relative(ROOT, project).startsWith('..'))
      throw new Error(`the consumer project ${project} must be outside the repository`);
    try {
      runProject(flavor, project, tarballs);
    } catch (error) {
      console.error(`consumer ${flavor} (Node ${process.version}) failed in ${project}`);
      throw error;
    } finally {
      if (!options.keep) fs.rmSync(project, { recursive: true, force: true });
    }
    console.log(`consumer ${flavor}: passed on Node ${process.version} in ${seconds(flavorStarted)} s`);
  }
  console.log(
    `consumer: ${flavors.length} passed, 0 failed (Node ${process.version}, ${seconds(started)} s)`,
  );
}

/** Packs every publishable package into a fresh folder; returns the tarballs' paths. */
function packAll(destination = fs.mkdtempSync(path.join(os.tmpdir(), 'toolwright-tarballs-'))) {
  fs.mkdirSync(destination, { recursive: true });
  for (const folder of publishablePackages())
    run('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', destination], { cwd: folder });
  return tarballsIn(destination);
}

function tarballsIn(folder) {
  const found = fs
    .readdirSync(folder)
    .filter((name) => name.endsWith('.tgz'))
    .map((name) => path.join(folder, name));
  const expected = publishablePackages().length;
  if (found.length !== expected)
    throw new Error(`${folder} holds ${found.length} tarballs; the repository has ${expected} packages`);
  return found;
}

/** The MCP SDK packages @toolwright/mcp declares (dependencies or peers), as `name@range`. */
function sdkPackages() {
  const mcp = readJson(path.join(ROOT, 'packages', 'mcp', 'package.json'));
  const declared = { ...mcp.dependencies, ...mcp.peerDependencies };
  const sdk = Object.entries(declared).filter(([name]) => name.startsWith('@modelcontextprotocol/'));
  if (sdk.length === 0)
    throw new Error('packages/mcp/package.json declares no @modelcontextprotocol package');
  return Object.fromEntries(sdk);
}

/** Where the SDK's Client and stdio client transport are imported from, for the SDK declared. */
function mcpClientModule(sdk) {
  if ('@modelcontextprotocol/client' in sdk || '@modelcontextprotocol/server' in sdk) {
    return {
      install: [
        `@modelcontextprotocol/client@${sdk['@modelcontextprotocol/client'] ?? sdk['@modelcontextprotocol/server']}`,
      ],
      source:
        "export { Client } from '@modelcontextprotocol/client';\n" +
        "export { StdioClientTransport } from '@modelcontextprotocol/client/stdio';\n",
    };
  }
  if ('@modelcontextprotocol/sdk' in sdk) {
    return {
      install: [`@modelcontextprotocol/sdk@${sdk['@modelcontextprotocol/sdk']}`],
      source:
        "export { Client } from '@modelcontextprotocol/sdk/client/index.js';\n" +
        "export { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';\n",
    };
  }
  throw new Error(`no known MCP client package among ${Object.keys(sdk).join(', ')}`);
}

function runProject(flavor, project, tarballs) {
  const client = mcpClientModule(sdkPackages());
  const nodeMajor = process.versions.node.split('.')[0];
  writeJson(path.join(project, 'package.json'), {
    name: `toolwright-consumer-${flavor}`,
    version: '1.0.0',
    private: true,
    ...(flavor === 'esm' ? { type: 'module' } : {}),
  });
  // As getting started says: the packages and their peers, then the compiler.
  step(`${flavor}: npm install (tarballs and peers)`, () =>
    npmInstall(project, [
      ...tarballs,
      'reflect-metadata',
      'class-validator',
      'class-transformer',
      ...client.install,
    ]),
  );
  step(`${flavor}: npm install --save-dev typescript@${TYPESCRIPT[flavor]}`, () =>
    npmInstall(project, ['--save-dev', `typescript@${TYPESCRIPT[flavor]}`, `@types/node@${nodeMajor}`]),
  );
  checkInstalledOnce(project);

  fs.cpSync(SOURCES, path.join(project, 'src'), { recursive: true });
  fs.writeFileSync(path.join(project, 'src', 'mcp-client.ts'), client.source);
  writeJson(
    path.join(project, 'tsconfig.json'),
    flavor === 'cjs' ? documentedTsconfig('commonjs') : esmTsconfig(project),
  );
  step(`${flavor}: tsc`, () => run(bin(project, 'tsc'), ['-p', '.'], { cwd: project }));
  const compiled = fs.readFileSync(path.join(project, 'dist', 'notes.js'), 'utf8');
  expect(
    /\brequire\(/.test(compiled) === (flavor === 'cjs'),
    `${flavor}: dist/notes.js is ${flavor === 'cjs' ? 'not ' : ''}CommonJS`,
  );

  const node = process.execPath;
  const calls = JSON.parse(
    step(`${flavor}: node dist/main.js`, () => run(node, ['dist/main.js'], { cwd: project })),
  );
  expectEqual(
    calls.tools,
    ['list_notes', 'read_note', 'write_note', 'delete_note'],
    `${flavor}: the finalized tools`,
  );
  expectEqual(calls.good, { ok: true, text: 'buy milk' }, `${flavor}: read_note`);
  expectEqual(calls.written, { ok: true, text: 'todo: 14 characters' }, `${flavor}: write_note`);
  expect(
    calls.bad.ok === false && calls.bad.kind === 'invalid_arguments',
    `${flavor}: a bad call is invalid_arguments`,
  );
  expect(
    /title/.test(calls.bad.text) && /text/.test(calls.bad.text),
    `${flavor}: the bad call's text names title and text: ${calls.bad.text}`,
  );

  const toolwright = bin(project, 'toolwright');
  const valid = step(`${flavor}: toolwright validate dist/registry.js`, () =>
    run(toolwright, ['validate', 'dist/registry.js'], { cwd: project }),
  );
  expect(/4 tools/.test(valid), `${flavor}: validate lists 4 tools: ${valid}`);
  const broken = step(`${flavor}: toolwright validate dist/broken.js (fails)`, () =>
    run(toolwright, ['validate', 'dist/broken.js', '--json'], { cwd: project, expectStatus: 1 }),
  );
  const report = JSON.parse(broken);
  const codes = report.problems.map((problem) => problem.code).sort();
  expect(report.ok === false, `${flavor}: the broken registry is not ok`);
  for (const code of ['invalid_params', 'requirement'])
    expect(codes.includes(code), `${flavor}: validate reports ${code} (got ${codes.join(', ')})`);
  const text = run(toolwright, ['validate', 'dist/broken.js'], { cwd: project, expectStatus: 1 });
  for (const words of [
    'delete_note requires read_note',
    'Params<NotesConfig>.maxLength must not be less than 1',
  ])
    expect(text.includes(words), `${flavor}: validate's report says "${words}":\n${text}`);

  const called = step(`${flavor}: toolwright call`, () =>
    run(toolwright, ['call', 'dist/registry.js', 'read_note', '{"title":"todo"}'], { cwd: project }),
  );
  expect(called.includes('buy milk'), `${flavor}: toolwright call prints the note: ${called}`);

  const listed = JSON.parse(
    step(`${flavor}: toolwright serve (stdio) listed with the SDK's Client`, () =>
      run(
        node,
        [
          'dist/list-tools.js',
          node,
          path.join(project, 'node_modules', '@toolwright', 'cli', 'bin', 'toolwright.js'),
          'serve',
          'dist/registry.js',
        ],
        {
          cwd: project,
        },
      ),
    ),
  );
  expectEqual(
    [...listed.listed].sort(),
    ['delete_note', 'list_notes', 'read_note', 'write_note'],
    `${flavor}: tools listed over stdio`,
  );
  expectEqual(listed.called, [{ type: 'text', text: 'buy milk' }], `${flavor}: read_note over stdio`);
  expectEqual(
    [...listed.imported].sort(),
    ['remote_delete_note', 'remote_list_notes', 'remote_read_note', 'remote_write_note'],
    `${flavor}: the tools importMcpTools brought in`,
  );
  expect(
    listed.viaImport.ok === true,
    `${flavor}: remote_read_note called through the import: ${JSON.stringify(listed.viaImport)}`,
  );
}

/** The tsconfig.json block that docs/getting-started.md marks `<!-- tsconfig: name -->`. */
function documentedTsconfig(name) {
  const page = fs.readFileSync(GETTING_STARTED, 'utf8');
  const match = new RegExp(`<!-- tsconfig: ${name} -->\\s*\`\`\`jsonc?\\n([\\s\\S]*?)\`\`\``).exec(page);
  if (match === null)
    throw new Error(`docs/getting-started.md has no block marked <!-- tsconfig: ${name} -->`);
  return parseJsonc(match[1]);
}

/** `tsc --init`'s tsconfig.json with getting started's additions; warns when the page shows another. */
function esmTsconfig(project) {
  run(bin(project, 'tsc'), ['--init'], { cwd: project });
  const initial = parseJsonc(fs.readFileSync(path.join(project, 'tsconfig.json'), 'utf8'));
  const tsconfig = { ...initial, compilerOptions: { ...initial.compilerOptions, ...ESM_ADDITIONS } };
  const documented = documentedTsconfig('esm');
  if (
    JSON.stringify(sortKeys(documented.compilerOptions)) !==
    JSON.stringify(sortKeys(tsconfig.compilerOptions))
  )
    console.warn(
      `warning: the ES module tsconfig.json of docs/getting-started.md is no longer tsc --init's with the additions:\n` +
        `  page: ${JSON.stringify(sortKeys(documented.compilerOptions))}\n  init: ${JSON.stringify(sortKeys(tsconfig.compilerOptions))}`,
    );
  return tsconfig;
}

/** Fails when a metadata-holding peer is installed twice in the project (two metadata stores). */
function checkInstalledOnce(project) {
  const shown = [];
  for (const name of SHARED_PEERS) {
    const copies = [];
    (function walk(folder) {
      const modules = path.join(folder, 'node_modules');
      if (!fs.existsSync(modules)) return;
      for (const entry of fs.readdirSync(modules)) {
        const scoped = entry.startsWith('@')
          ? fs.readdirSync(path.join(modules, entry)).map((child) => `${entry}/${child}`)
          : [entry];
        for (const child of scoped) {
          const location = path.join(modules, child);
          if (child === name) copies.push(location);
          walk(location);
        }
      }
    })(project);
    expect(
      copies.length === 1,
      `${name} is installed once in the consumer project (found ${copies.join(', ') || 'none'})`,
    );
    shown.push(`${name}@${readJson(path.join(copies[0], 'package.json')).version}`);
  }
  const typescript = readJson(path.join(project, 'node_modules', 'typescript', 'package.json')).version;
  console.log(`  installed once each: ${shown.join(', ')}; typescript@${typescript}`);
}

function npmInstall(project, specs) {
  return run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...specs], { cwd: project });
}

function bin(project, name) {
  return path.join(project, 'node_modules', '.bin', name);
}

/** Runs a command; returns its stdout; throws with both outputs when the exit status is not the one expected. */
function run(command, args, { cwd, expectStatus = 0 } = {}) {
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    timeout: STEP_TIMEOUT_MS,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) throw new Error(`${command} ${args.join(' ')}: ${result.error.message}`);
  if (result.status !== expectStatus)
    throw new Error(
      `${path.basename(command)} ${args.join(' ')} exited with ${result.status ?? result.signal} (expected ${expectStatus}) in ${cwd}\n` +
        `--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`,
    );
  return result.stdout;
}

function step(title, action) {
  const started = Date.now();
  const output = action();
  console.log(`  ${title}: ${seconds(started)} s`);
  return output;
}

function expect(condition, message) {
  if (!condition) throw new Error(`consumer check failed: ${message}`);
}

function expectEqual(actual, expected, message) {
  expect(
    JSON.stringify(actual) === JSON.stringify(expected),
    `${message}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`,
  );
}

function parseJsonc(text) {
  const withoutComments = text.replace(/^\s*\/\/.*$/gm, '').replace(/\/\*[\s\S]*?\*\//g, '');
  return JSON.parse(withoutComments.replace(/,(\s*[}\]])/g, '$1'));
}

function sortKeys(object) {
  return Object.fromEntries(Object.entries(object).sort(([a], [b]) => a.localeCompare(b)));
}

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

function writeJson(file, value) {
  fs.writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

function seconds(since) {
  return ((Date.now() - since) / 1000).toFixed(1);
}

function parseArguments(argv) {
  const options = { tarballs: undefined, only: undefined, keep: false, packTo: undefined };
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index];
    if (argument === '--keep') options.keep = true;
    else if (argument === '--pack-to') options.packTo = path.resolve(argv[++index] ?? '');
    else if (argument === '--tarballs') options.tarballs = tarballsIn(path.resolve(argv[++index] ?? ''));
    else if (argument === '--only' && ['cjs', 'esm'].includes(argv[index + 1])) options.only = argv[++index];
    else
      throw new Error(
        `unknown argument ${argument}; usage: node scripts/consumer-test.js [--tarballs <dir>] [--only cjs|esm] [--keep] | --pack-to <dir>`,
      );
  }
  return options;
}

main();
