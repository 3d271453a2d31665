import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import * as path from 'node:path';
import type { ToolServerHandle } from '@toolwright/registry';
import { createCodingRegistry, Workspace } from '../src';
import { call, kindOf, makeTempDir, removeTempDir, writeFile } from './helpers';

// Made at load time: the test tables below name paths in them.
const root = makeTempDir('workspace');
const outside = makeTempDir('outside');
let native: ToolServerHandle;
let codex: ToolServerHandle;
let opencode: ToolServerHandle;

beforeAll(() => {
  writeFile(outside, 'secret.txt', 'top secret\n');
  writeFile(root, 'src/index.ts', 'export const answer = 42;\n');
  symlinkSync(outside, path.join(root, 'link-out'));
  symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'secret-link.txt'));
  symlinkSync(path.join(outside, 'not-yet.txt'), path.join(root, 'dangling.txt'));
  symlinkSync(path.join(root, 'src'), path.join(root, 'src-link'));
  native = createCodingRegistry({ root, searchReplace: { skipReadBeforeEdit: true } }).finalize();
  codex = createCodingRegistry({ root, dialect: 'codex' }).finalize();
  opencode = createCodingRegistry({ root, dialect: 'opencode' }).finalize();
});

afterAll(() => {
  removeTempDir(root);
  removeTempDir(outside);
});

// Every way out, for every tool that takes a path.
const escapes = (): [string, string][] => [
  ['../', '../secret.txt'],
  ['a deeper ../', 'src/../../secret.txt'],
  ['an absolute path outside', path.join(outside, 'secret.txt')],
  ['/etc/passwd', '/etc/passwd'],
  ['a symlinked directory pointing out', 'link-out/secret.txt'],
  ['a symlinked file pointing out', 'secret-link.txt'],
];

describe('every path is resolved inside the workspace', () => {
  const tools: [string, (target: string) => Record<string, unknown>, () => ToolServerHandle][] = [
    ['read_file', (target) => ({ path: target }), () => native],
    ['write_file', (target) => ({ path: target, content: 'pwned' }), () => native],
    ['edit', (target) => ({ path: target, old_string: 'top', new_string: 'pwned' }), () => native],
    ['search_replace', (target) => ({ path: target, pattern: 'top', replacement: 'pwned' }), () => native],
    ['grep', (target) => ({ pattern: 'secret', path: target }), () => native],
    ['glob', (target) => ({ pattern: '*', path: target }), () => native],
    ['list_dir', (target) => ({ path: target }), () => native],
  ];

  for (const [tool, args, handle] of tools) {
    it.each(escapes())(`${tool} refuses %s with permission_denied`, async (_case, target) => {
      const outcome = await call(handle(), tool, args(target));
      expect(kindOf(outcome.result)).toBe('permission_denied');
      expect(outcome.text).toMatch(/outside the workspace/);
      // The model is told what it sent, never where the workspace or the link target really is.
      expect(outcome.text).not.toContain(root);
      expect(outcome.text.replace(JSON.stringify(target), '')).not.toContain(outside);
    });
  }

  it.each(escapes())("codex's read_file and opencode's Read refuse %s too", async (_case, target) => {
    expect(kindOf((await call(codex, 'read_file', { file_path: target })).result)).toBe('permission_denied');
    expect(kindOf((await call(opencode, 'Read', { filePath: target })).result)).toBe('permission_denied');
  });

  it('says a symbolic link is the way out when it is', async () => {
    const outcome = await call(native, 'read_file', { path: 'link-out/secret.txt' });
    expect(outcome.text).toBe(
      'The path "link-out/secret.txt" leads outside the workspace through a symbolic link; only files inside the workspace can be used.',
    );
  });

  it('refuses to create a file through a directory link pointing out', async () => {
    const outcome = await call(native, 'write_file', { path: 'link-out/new/file.txt', content: 'x' });
    expect(kindOf(outcome.result)).toBe('permission_denied');
    expect(existsSync(path.join(outside, 'new'))).toBe(false);
  });

  it('refuses to write through a dangling link pointing out (the write would create the file there)', async () => {
    const outcome = await call(native, 'write_file', { path: 'dangling.txt', content: 'x' });
    expect(kindOf(outcome.result)).toBe('permission_denied');
    expect(existsSync(path.join(outside, 'not-yet.txt'))).toBe(false);
  });

  it('accepts absolute paths inside the workspace and links that stay inside', async () => {
    const absolute = await call(native, 'read_file', { path: path.join(root, 'src/index.ts') });
    expect(absolute.text).toContain('export const answer = 42;');
    const linked = await call(native, 'read_file', { path: 'src-link/index.ts' });
    expect(linked.result.ok).toBe(true);
    // Results name the real place, relative to the root.
    expect(linked.result.ok && (linked.result.value as { path: string }).path).toBe('src/index.ts');
  });

  it('refuses an empty path and a NUL byte as invalid arguments', async () => {
    expect(kindOf((await call(native, 'list_dir', { path: ' ' })).result)).toBe('invalid_arguments');
    expect(kindOf((await call(native, 'read_file', { path: 'a\u0000b' })).result)).toBe('invalid_arguments');
  });
});

describe('Workspace', () => {
  it('holds the real path of its root and accepts paths under the root as given', async () => {
    const real = makeTempDir('real');
    const alias = path.join(root, 'alias-root');
    try {
      mkdirSync(path.join(real, 'dir'));
      symlinkSync(real, alias);
      const workspace = new Workspace(alias);
      expect(workspace.root).toBe(real);
      await expect(workspace.resolve(path.join(alias, 'dir'))).resolves.toEqual({
        absolute: path.join(real, 'dir'),
        display: 'dir',
      });
      await expect(workspace.resolve('.')).resolves.toEqual({ absolute: real, display: '.' });
    } finally {
      removeTempDir(real);
    }
  });

  it('refuses a root that does not exist', () => {
    expect(() => new Workspace(path.join(root, 'missing'))).toThrow(/does not exist/);
  });
});
