import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, statSync } from 'node:fs';
import * as path from 'node:path';
import type { ToolServerHandle } from '@toolwright/registry';
import { createCodingRegistry } from '../src';
import { call, kindOf, makeTempDir, readFile, removeTempDir, writeFile } from './helpers';

let root: string;
let tools: ToolServerHandle;

beforeAll(() => {
  root = makeTempDir('files');
  tools = createCodingRegistry({ root }).finalize();
});

afterAll(() => removeTempDir(root));

const numbered = (from: number, count: number, prefix = 'line'): string =>
  Array.from({ length: count }, (_, index) => `${prefix} ${from + index}`).join('\n');

describe('read_file', () => {
  beforeAll(() => {
    writeFile(root, 'ten.txt', `${numbered(1, 10)}\n`);
    writeFile(root, 'src/index.ts', 'export {};\n');
  });

  it('reads the whole file, lines numbered from 1', async () => {
    const outcome = await call(tools, 'read_file', { path: 'ten.txt' });
    expect(outcome.text.split('\n')).toHaveLength(10);
    expect(outcome.text.split('\n')[0]).toBe('     1\tline 1');
    expect(outcome.result.ok && outcome.result.value).toMatchObject({
      type: 'text',
      totalLines: 10,
      end: 'eof',
    });
  });

  it('reads a window with offset and limit, and says how to continue', async () => {
    const outcome = await call(tools, 'read_file', { path: 'ten.txt', offset: 3, limit: 2 });
    expect(outcome.text).toBe(
      '     3\tline 3\n     4\tline 4\n\n[Showing lines 3–4 of 10. Continue with offset=5.]',
    );
  });

  it('refuses an offset past the end, saying how long the file is', async () => {
    const outcome = await call(tools, 'read_file', { path: 'ten.txt', offset: 11 });
    expect(kindOf(outcome.result)).toBe('invalid_arguments');
    expect(outcome.text).toBe('offset 11 is past the end of "ten.txt", which has 10 lines.');
  });

  it('rejects a limit above the maximum at the boundary', async () => {
    expect(kindOf((await call(tools, 'read_file', { path: 'ten.txt', limit: 10001 })).result)).toBe(
      'invalid_arguments',
    );
    expect(kindOf((await call(tools, 'read_file', { path: 'ten.txt', offset: 0 })).result)).toBe(
      'invalid_arguments',
    );
  });

  it('shows a huge file in windows: the default limit, with a marker', async () => {
    writeFile(root, 'huge.txt', `${numbered(1, 300_000)}\n`);
    const outcome = await call(tools, 'read_file', { path: 'huge.txt' });
    const lines = outcome.text.split('\n');
    expect(lines[1999]).toBe('  2000\tline 2000');
    expect(lines[lines.length - 1]).toBe('[Showing lines 1–2000 of 300000. Continue with offset=2001.]');
  });

  it('caps the output of wide lines at 100 KB, with a marker saying where to continue', async () => {
    writeFile(root, 'wide.txt', `${numbered(1, 5000, 'x'.repeat(100))}\n`);
    const outcome = await call(tools, 'read_file', { path: 'wide.txt', limit: 5000 });
    expect(outcome.text.length).toBeLessThan(120_000);
    const marker =
      /\[Output capped at 97.7 KiB: showing lines 1–(\d+) of 5000\. Continue with offset=(\d+)\.\]$/.exec(
        outcome.text,
      );
    expect(marker).not.toBeNull();
    expect(Number(marker![2])).toBe(Number(marker![1]) + 1);
  });

  it('cuts a line of megabytes (a minified bundle) with a marker', async () => {
    writeFile(root, 'bundle.min.js', 'a'.repeat(3_000_000));
    const outcome = await call(tools, 'read_file', { path: 'bundle.min.js' });
    expect(outcome.text).toMatch(/^ {5}1\ta{2000} … \[line truncated: 2998000 more characters\]$/);
  });

  it('describes binary files instead of showing them', async () => {
    writeFile(root, 'data.bin', Buffer.from([0x01, 0x02, 0x00, 0x03]));
    writeFile(root, 'logo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00]));
    writeFile(root, 'latin1.txt', Buffer.from('caf\xe9\n', 'latin1'));
    expect((await call(tools, 'read_file', { path: 'data.bin' })).text).toBe(
      '"data.bin" is a binary file (4 bytes; it contains NUL bytes), so its contents are not shown. read_file shows text files only.',
    );
    expect((await call(tools, 'read_file', { path: 'logo.png' })).text).toContain(
      'it looks like a PNG image',
    );
    expect((await call(tools, 'read_file', { path: 'latin1.txt' })).text).toContain(
      'it is not valid UTF-8 text',
    );
  });

  it('reports a missing file as not_found, with the closest name as a hint', async () => {
    const outcome = await call(tools, 'read_file', { path: 'src/idnex.ts' });
    expect(kindOf(outcome.result)).toBe('not_found');
    expect(outcome.text).toBe(
      'File "src/idnex.ts" does not exist. Did you mean "src/index.ts"? Use glob or list_dir to find the right path.',
    );
    const deeper = await call(tools, 'read_file', { path: 'lib/missing/file.ts' });
    expect(deeper.text).toBe(
      'File "lib/missing/file.ts" does not exist. The directory "lib/missing" does not exist either. Use glob or list_dir to find the right path.',
    );
  });

  it('refuses a directory, pointing to list_dir', async () => {
    const outcome = await call(tools, 'read_file', { path: 'src' });
    expect(kindOf(outcome.result)).toBe('invalid_arguments');
    expect(outcome.text).toBe('"src" is a directory, not a file. Use list_dir to see what it contains.');
  });

  it('refuses a named pipe instead of blocking on it', async () => {
    execFileSync('mkfifo', [path.join(root, 'pipe')]);
    const outcome = await call(tools, 'read_file', { path: 'pipe' });
    expect(kindOf(outcome.result)).toBe('invalid_arguments');
    expect(outcome.text).toBe('"pipe" is not a regular file (it is a device, a socket or a pipe).');
  });

  it('reads an empty file and CRLF text', async () => {
    writeFile(root, 'empty.txt', '');
    writeFile(root, 'crlf.txt', 'one\r\ntwo\r\n');
    expect((await call(tools, 'read_file', { path: 'empty.txt' })).text).toBe('(empty file: "empty.txt")');
    expect((await call(tools, 'read_file', { path: 'crlf.txt' })).text).toBe('     1\tone\n     2\ttwo');
  });
});

describe('write_file', () => {
  it('creates a file and its missing parent directories', async () => {
    const outcome = await call(tools, 'write_file', { path: 'new/deep/dir/file.ts', content: 'a\nb\n' });
    expect(outcome.text).toBe('Created new/deep/dir/file.ts (2 lines, 4 bytes).');
    expect(readFile(root, 'new/deep/dir/file.ts')).toBe('a\nb\n');
  });

  it('overwrites a file, keeping its permissions', async () => {
    const absolute = writeFile(root, 'script.sh', 'echo old\n');
    chmodSync(absolute, 0o755);
    const outcome = await call(tools, 'write_file', { path: 'script.sh', content: 'echo new\n' });
    expect(outcome.text).toBe('Overwrote script.sh (1 line, 9 bytes).');
    expect(readFile(root, 'script.sh')).toBe('echo new\n');
    expect(statSync(absolute).mode & 0o777).toBe(0o755);
  });

  it('refuses to write over a directory, or below a file', async () => {
    mkdirSync(path.join(root, 'a-dir'), { recursive: true });
    writeFile(root, 'a-file', 'x');
    expect((await call(tools, 'write_file', { path: 'a-dir', content: 'x' })).text).toBe(
      '"a-dir" is a directory, not a file. Use list_dir to see what it contains.',
    );
    const below = await call(tools, 'write_file', { path: 'a-file/child.txt', content: 'x' });
    expect(kindOf(below.result)).toBe('invalid_arguments');
    expect(below.text).toBe('A parent of "a-file/child.txt" is a file, not a directory.');
  });
});

describe('edit', () => {
  it('replaces text that occurs exactly once', async () => {
    writeFile(root, 'edit/once.ts', 'const a = 1;\nconst b = 2;\n');
    const outcome = await call(tools, 'edit', {
      path: 'edit/once.ts',
      old_string: 'const b = 2;',
      new_string: 'const b = 3;',
    });
    expect(outcome.text).toBe('Edited edit/once.ts: replaced 1 occurrence (line 2).');
    expect(readFile(root, 'edit/once.ts')).toBe('const a = 1;\nconst b = 3;\n');
  });

  it('refuses text that occurs several times, saying how many and where', async () => {
    writeFile(root, 'edit/many.ts', 'x();\nx();\ny();\nx();\n');
    const outcome = await call(tools, 'edit', {
      path: 'edit/many.ts',
      old_string: 'x();',
      new_string: 'z();',
    });
    expect(kindOf(outcome.result)).toBe('invalid_arguments');
    expect(outcome.text).toBe(
      'old_string occurs 3 times in "edit/many.ts" (at lines 1, 2 and 4); it must match exactly once. Include more surrounding lines to make it unique, or set replace_all to true to replace all 3.',
    );
    expect(readFile(root, 'edit/many.ts')).toBe('x();\nx();\ny();\nx();\n');
  });

  it('replaces every occurrence with replace_all', async () => {
    writeFile(root, 'edit/all.ts', 'x();\nx();\ny();\nx();\n');
    const outcome = await call(tools, 'edit', {
      path: 'edit/all.ts',
      old_string: 'x()',
      new_string: 'z()',
      replace_all: true,
    });
    expect(outcome.text).toBe('Edited edit/all.ts: replaced 3 occurrences (lines 1, 2 and 4).');
    expect(readFile(root, 'edit/all.ts')).toBe('z();\nz();\ny();\nz();\n');
  });

  it('reports text that does not occur as a conflict, hinting at a near miss', async () => {
    writeFile(root, 'edit/indent.ts', 'function f() {\n    return 1;\n}\n');
    const outcome = await call(tools, 'edit', {
      path: 'edit/indent.ts',
      old_string: '\treturn 1;',
      new_string: '\treturn 2;',
    });
    expect(kindOf(outcome.result)).toBe('conflict');
    expect(outcome.text).toBe(
      'old_string was not found in "edit/indent.ts". The file may differ from what you expect: read it again and copy the text exactly, including whitespace and indentation. Its first line appears at line 2 with different whitespace or surroundings.',
    );
  });

  it('refuses a no-op edit and an empty old_string', async () => {
    writeFile(root, 'edit/noop.ts', 'a\n');
    const same = await call(tools, 'edit', { path: 'edit/noop.ts', old_string: 'a', new_string: 'a' });
    expect(same.text).toBe('old_string and new_string are the same; nothing would change.');
    expect(
      kindOf((await call(tools, 'edit', { path: 'edit/noop.ts', old_string: '', new_string: 'b' })).result),
    ).toBe('invalid_arguments');
  });

  it('edits CRLF files with LF text, keeping CRLF', async () => {
    writeFile(root, 'edit/crlf.txt', 'one\r\ntwo\r\nthree\r\n');
    const outcome = await call(tools, 'edit', {
      path: 'edit/crlf.txt',
      old_string: 'one\ntwo',
      new_string: 'uno\ndos',
    });
    expect(outcome.result.ok).toBe(true);
    expect(readFile(root, 'edit/crlf.txt')).toBe('uno\r\ndos\r\nthree\r\n');
  });

  it('reports a missing file as not_found and refuses binary files', async () => {
    expect(
      kindOf((await call(tools, 'edit', { path: 'edit/nope.ts', old_string: 'a', new_string: 'b' })).result),
    ).toBe('not_found');
    writeFile(root, 'edit/blob.bin', Buffer.from([0x61, 0x00, 0x62]));
    const binary = await call(tools, 'edit', { path: 'edit/blob.bin', old_string: 'a', new_string: 'b' });
    expect(binary.text).toBe(
      '"edit/blob.bin" is a binary file (it contains NUL bytes); it cannot be edited as text.',
    );
  });
});

describe('search_replace', () => {
  it('refuses a file not read in this session, as a conflict', async () => {
    writeFile(root, 'sr/unread.ts', 'let a = 1;\n');
    const outcome = await call(tools, 'search_replace', {
      path: 'sr/unread.ts',
      pattern: 'let',
      replacement: 'const',
    });
    expect(kindOf(outcome.result)).toBe('conflict');
    expect(outcome.text).toBe(
      '"sr/unread.ts" has not been read in this session. Read it with read_file first, then replace in it.',
    );
    expect(readFile(root, 'sr/unread.ts')).toBe('let a = 1;\n');
  });

  it('replaces every match once the file was read, with groups in the replacement', async () => {
    writeFile(root, 'sr/read.ts', 'let a = 1;\nlet b = 2;\nvar c = 3;\n');
    await call(tools, 'read_file', { path: 'sr/read.ts' });
    const outcome = await call(tools, 'search_replace', {
      path: 'sr/read.ts',
      pattern: '^let (\\w+)',
      replacement: 'const $1',
    });
    expect(outcome.text).toBe('Edited sr/read.ts: replaced 2 occurrences (lines 1 and 2).');
    expect(readFile(root, 'sr/read.ts')).toBe('const a = 1;\nconst b = 2;\nvar c = 3;\n');
  });

  it('reports an invalid pattern and a pattern that matches nothing', async () => {
    writeFile(root, 'sr/other.ts', 'hello\n');
    await call(tools, 'read_file', { path: 'sr/other.ts' });
    const invalid = await call(tools, 'search_replace', {
      path: 'sr/other.ts',
      pattern: '(',
      replacement: '',
    });
    expect(kindOf(invalid.result)).toBe('invalid_arguments');
    expect(invalid.text).toMatch(/^pattern is not a valid regular expression: Invalid regular expression/);
    const nothing = await call(tools, 'search_replace', {
      path: 'sr/other.ts',
      pattern: 'HELLO',
      replacement: 'bye',
    });
    expect(kindOf(nothing.result)).toBe('conflict');
    const ignoringCase = await call(tools, 'search_replace', {
      path: 'sr/other.ts',
      pattern: 'HELLO',
      replacement: 'bye',
      ignore_case: true,
    });
    expect(ignoringCase.result.ok).toBe(true);
    expect(readFile(root, 'sr/other.ts')).toBe('bye\n');
  });

  it('replaces without a read when its params say skipReadBeforeEdit', async () => {
    const blind = createCodingRegistry({ root, searchReplace: { skipReadBeforeEdit: true } }).finalize();
    writeFile(root, 'sr/blind.ts', 'a a a\n');
    const outcome = await call(blind, 'search_replace', {
      path: 'sr/blind.ts',
      pattern: 'a',
      replacement: 'b',
    });
    expect(outcome.text).toBe('Edited sr/blind.ts: replaced 3 occurrences (lines 1, 1 and 1).');
  });
});
