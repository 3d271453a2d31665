import { symlinkSync } from 'node:fs';
import * as path from 'node:path';
import type { ToolServerHandle } from '@toolwright/registry';
import { createCodingRegistry } from '../src';
import { globToRegExp } from '../src/search/glob-to-regexp';
import { call, kindOf, makeTempDir, removeTempDir, writeFile } from './helpers';

let root: string;
let tools: ToolServerHandle;

beforeAll(() => {
  root = makeTempDir('search');
  writeFile(root, 'README.md', '# Project\nTODO: docs\n');
  writeFile(
    root,
    'src/index.ts',
    'import { add } from "./math";\n// TODO: export more\nexport const sum = add(1, 2);\n',
  );
  writeFile(
    root,
    'src/math.ts',
    'export function add(a: number, b: number) {\n  return a + b; // todo: overflow\n}\n',
  );
  writeFile(root, 'src/util/strings.ts', 'export const TODO = "later";\n');
  writeFile(root, 'src/app.js', '// TODO in js\n');
  writeFile(root, 'test/math.test.ts', 'test("add", () => {});\n');
  writeFile(root, 'node_modules/lib/index.ts', '// TODO: vendored\n');
  writeFile(root, '.git/HEAD', 'TODO: not a real ref\n');
  writeFile(root, 'assets/blob.bin', Buffer.concat([Buffer.from('TODO'), Buffer.from([0, 1, 2])]));
  writeFile(
    root,
    'many/lines.txt',
    `${Array.from({ length: 150 }, (_, i) => `match ${i + 1}`).join('\n')}\n`,
  );
  for (let i = 1; i <= 12; i++) writeFile(root, `gen/file${String(i).padStart(2, '0')}.gen.ts`, '');
  symlinkSync(path.join(root, 'src'), path.join(root, 'src-link'));
  tools = createCodingRegistry({ root }).finalize();
});

afterAll(() => removeTempDir(root));

describe('grep', () => {
  it('returns matching lines as path:line: text, skipping binary files, node_modules and .git', async () => {
    const outcome = await call(tools, 'grep', { pattern: 'TODO' });
    expect(outcome.text).toBe(
      [
        'README.md:2: TODO: docs',
        'src/app.js:1: // TODO in js',
        'src/index.ts:2: // TODO: export more',
        'src/util/strings.ts:1: export const TODO = "later";',
        '',
        '[Skipped files: 1 binary.]',
      ].join('\n'),
    );
  });

  it('filters files by glob: a bare name pattern at any depth, a pattern with / by path', async () => {
    const byName = await call(tools, 'grep', { pattern: 'TODO', glob: '*.ts' });
    expect(byName.text.split('\n')).toEqual([
      'src/index.ts:2: // TODO: export more',
      'src/util/strings.ts:1: export const TODO = "later";',
    ]);
    const byPath = await call(tools, 'grep', { pattern: 'TODO', glob: 'src/*.ts' });
    expect(byPath.text).toBe('src/index.ts:2: // TODO: export more');
    const alternatives = await call(tools, 'grep', { pattern: 'TODO', path: 'src', glob: '*.{js,md}' });
    expect(alternatives.text).toBe('src/app.js:1: // TODO in js');
  });

  it('searches one file, ignoring case when asked', async () => {
    const outcome = await call(tools, 'grep', { pattern: 'todo', path: 'src/math.ts', ignore_case: true });
    expect(outcome.text).toBe('src/math.ts:2:   return a + b; // todo: overflow');
  });

  it('caps the results with a marker', async () => {
    const outcome = await call(tools, 'grep', { pattern: '^match \\d+$', path: 'many' });
    const lines = outcome.text.split('\n');
    expect(lines).toHaveLength(102);
    expect(lines[99]).toBe('many/lines.txt:100: match 100');
    expect(lines[101]).toBe(
      '[Results capped at 100 matches; there are more. Narrow the pattern, the path or the glob.]',
    );
    const smaller = await call(tools, 'grep', { pattern: '^match', max_results: 3 });
    expect(
      smaller.result.ok && (smaller.result.value as { matches: unknown[]; capped: boolean }),
    ).toMatchObject({ capped: true });
    expect(smaller.text.split('\n').slice(0, 3)).toEqual([
      'many/lines.txt:1: match 1',
      'many/lines.txt:2: match 2',
      'many/lines.txt:3: match 3',
    ]);
  });

  it('says when nothing matches, and refuses an invalid regular expression', async () => {
    expect((await call(tools, 'grep', { pattern: 'no such text', path: 'src' })).text).toBe(
      'No matches for /no such text/ in "src" (4 files searched).',
    );
    const invalid = await call(tools, 'grep', { pattern: '[' });
    expect(kindOf(invalid.result)).toBe('invalid_arguments');
    expect(invalid.text).toMatch(/^pattern is not a valid regular expression/);
  });

  it('reports a missing path as not_found', async () => {
    const outcome = await call(tools, 'grep', { pattern: 'x', path: 'srcc' });
    expect(kindOf(outcome.result)).toBe('not_found');
    expect(outcome.text).toBe(
      'Directory "srcc" does not exist. Did you mean "src"? Use glob or list_dir to find the right path.',
    );
  });
});

describe('glob', () => {
  it('finds files by pattern, sorted, skipping node_modules and not following links', async () => {
    expect((await call(tools, 'glob', { pattern: '**/*.ts', max_results: 5 })).text).toBe(
      [
        'gen/file01.gen.ts',
        'gen/file02.gen.ts',
        'gen/file03.gen.ts',
        'gen/file04.gen.ts',
        'gen/file05.gen.ts',
        '',
        '[Showing 5 of 16 matching files; narrow the pattern to see the rest.]',
      ].join('\n'),
    );
    expect((await call(tools, 'glob', { pattern: 'src/**/*.ts' })).text).toBe(
      'src/index.ts\nsrc/math.ts\nsrc/util/strings.ts',
    );
    expect((await call(tools, 'glob', { pattern: 'src/*.{ts,js}' })).text).toBe(
      'src/app.js\nsrc/index.ts\nsrc/math.ts',
    );
    expect((await call(tools, 'glob', { pattern: '*.ts', path: 'src/util' })).text).toBe(
      'src/util/strings.ts',
    );
  });

  it('caps at 500 paths by default', async () => {
    const outcome = await call(tools, 'glob', { pattern: 'gen/*.gen.ts' });
    expect(outcome.text.split('\n')).toHaveLength(12);
  });

  it('says when nothing matches and refuses patterns that leave the workspace', async () => {
    expect((await call(tools, 'glob', { pattern: '**/*.rs' })).text).toBe('No files match "**/*.rs".');
    expect((await call(tools, 'glob', { pattern: 'missing/**/*.ts' })).text).toBe(
      'No files match "missing/**/*.ts".',
    );
    const up = await call(tools, 'glob', { pattern: '../**/*' });
    expect(kindOf(up.result)).toBe('permission_denied');
    expect(kindOf((await call(tools, 'glob', { pattern: '/etc/*' })).result)).toBe('invalid_arguments');
  });
});

describe('list_dir', () => {
  it('lists entries with their type and size, directories first', async () => {
    const outcome = await call(tools, 'list_dir', { path: 'src' });
    expect(outcome.text).toBe(
      [
        'src/ (4 entries)',
        '  util/',
        '  app.js  (14 bytes)',
        '  index.ts  (81 bytes)',
        '  math.ts  (80 bytes)',
      ].join('\n'),
    );
    expect(outcome.result.ok && outcome.result.value).toEqual({
      path: 'src',
      truncated: false,
      entries: [
        { path: 'util', type: 'directory', depth: 1 },
        { path: 'app.js', type: 'file', size: 14, depth: 1 },
        { path: 'index.ts', type: 'file', size: 81, depth: 1 },
        { path: 'math.ts', type: 'file', size: 80, depth: 1 },
      ],
    });
  });

  it('descends with depth, shows links as links, and lists the root by default', async () => {
    const deep = await call(tools, 'list_dir', { path: 'src', depth: 2 });
    expect(deep.text).toContain('src/ (5 entries)\n  util/\n    strings.ts  (29 bytes)\n  app.js');
    const top = await call(tools, 'list_dir', {});
    expect(top.text.split('\n')[0]).toMatch(/^Workspace root \(\d+ entries\)$/);
    expect(top.text).toContain('  src-link  (symbolic link)');
    expect(top.text).toContain('  node_modules/');
  });

  it('refuses a file and reports a missing directory', async () => {
    expect((await call(tools, 'list_dir', { path: 'README.md' })).text).toBe(
      '"README.md" is a file, not a directory. Use read_file to read it.',
    );
    expect(kindOf((await call(tools, 'list_dir', { path: 'nope' })).result)).toBe('not_found');
  });
});

describe('globToRegExp', () => {
  it.each([
    ['*.ts', 'index.ts', true],
    ['*.ts', 'src/index.ts', false],
    ['**/*.ts', 'index.ts', true],
    ['**/*.ts', 'a/b/c.ts', true],
    ['src/**', 'src/a/b', true],
    ['src/**/test/*.ts', 'src/test/a.ts', true],
    ['src/**/test/*.ts', 'src/x/y/test/a.ts', true],
    ['file?.txt', 'file1.txt', true],
    ['file?.txt', 'file10.txt', false],
    ['[abc].md', 'b.md', true],
    ['[!abc].md', 'b.md', false],
    ['*.{ts,tsx}', 'a.tsx', true],
    ['{src,lib}/**/*.{js,ts}', 'lib/x/y.js', true],
    ['a.b', 'axb', false],
    ['\\*.md', '*.md', true],
    ['(x)+', '(x)+', true],
  ])('%s against %s is %s', (glob, candidate, expected) => {
    expect(globToRegExp(glob).test(candidate)).toBe(expected);
  });
});
