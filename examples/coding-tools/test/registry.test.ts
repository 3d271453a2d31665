import { FinalizeError, ToolRegistry, toolLabel } from '@toolwright/registry';
import codingRegistryDefault, {
  ApplyPatch,
  CodexTools,
  codingRegistry,
  createCodingRegistry,
  Edit,
  FileReadLog,
  ReadFile,
  SearchReplace,
  SearchReplaceConfig,
  Workspace,
  type WebClient,
  type WebPage,
} from '../src';
import { call, kindOf, makeTempDir, readFile, removeTempDir, writeFile } from './helpers';

let root: string;

beforeAll(() => {
  root = makeTempDir('registry');
  writeFile(root, 'src/a.ts', 'export const a = 1;\nexport const b = 2;\n');
});

afterAll(() => removeTempDir(root));

function finalizeError(registry: ToolRegistry): FinalizeError {
  try {
    registry.finalize();
  } catch (error) {
    if (error instanceof FinalizeError) return error;
    throw error;
  }
  throw new Error('expected finalize() to fail');
}

describe('the three dialects', () => {
  it('each finalize on their own, with their own names, namespaces and kinds', () => {
    const summary = (dialect: 'native' | 'codex' | 'opencode'): string[] =>
      createCodingRegistry({ root, dialect })
        .finalize()
        .tools()
        .map((tool) => `${tool.namespace}:${tool.name}:${tool.kind}:${tool.readOnly ? 'ro' : 'rw'}`);
    expect(summary('native')).toEqual([
      'native:read_file:read:ro',
      'native:write_file:write:rw',
      'native:edit:edit:rw',
      'native:search_replace:edit:rw',
      'native:grep:search:ro',
      'native:glob:glob:ro',
      'native:list_dir:list:ro',
      'native:shell:shell:rw',
      'native:run_tests:process:rw',
    ]);
    expect(summary('codex')).toEqual([
      'codex:read_file:read:ro',
      'codex:list_dir:list:ro',
      'codex:grep_files:search:ro',
      'codex:shell:shell:rw',
      'codex:apply_patch:patch:rw',
      'native:run_tests:process:rw',
    ]);
    expect(summary('opencode')).toEqual([
      'opencode:Read:read:ro',
      'opencode:Write:write:rw',
      'opencode:Edit:edit:rw',
      'opencode:Bash:shell:rw',
      'opencode:Glob:glob:ro',
      'opencode:Grep:search:ro',
      'opencode:List:list:ro',
      'native:run_tests:process:rw',
    ]);
  });

  it("label the same kinds the same way: codex's read_file and opencode's Read both show as Read", () => {
    const codex = createCodingRegistry({ root, dialect: 'codex' }).finalize();
    const opencode = createCodingRegistry({ root, dialect: 'opencode' }).finalize();
    expect(codex.get('read_file')!.label).toBe('Read');
    expect(opencode.get('Read')!.label).toBe('Read');
    expect(opencode.get('Bash')!.label).toBe(toolLabel('shell'));
  });

  it('cannot share one registry: their names collide', () => {
    const error = finalizeError(
      createCodingRegistry({ root, dialect: 'native' }).toolset('codex', [CodexTools]),
    );
    expect(
      error.problems.filter((problem) => problem.code === 'duplicate_name').map((problem) => problem.tool),
    ).toEqual(['read_file', 'list_dir', 'shell']);
  });

  it('renders provider definitions for every dialect', () => {
    for (const dialect of ['native', 'codex', 'opencode', 'hashline'] as const) {
      const definitions = createCodingRegistry({ root, dialect }).definitions('openai');
      expect(definitions.length).toBeGreaterThan(5);
    }
  });
});

describe('the default export, as `toolwright validate examples/coding-tools` loads it', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('is a function returning an unfinalized registry that finalizes, rooted at $TOOLWRIGHT_WORKSPACE', async () => {
    expect(codingRegistryDefault).toBe(codingRegistry);
    process.env['TOOLWRIGHT_WORKSPACE'] = root;
    const registry = codingRegistryDefault();
    expect(registry).toBeInstanceOf(ToolRegistry);
    expect(registry.check()).toMatchObject({ ok: true, problems: [] });
    const outcome = await call(registry.finalize(), 'read_file', { path: 'src/a.ts' });
    expect(outcome.text).toContain('export const a = 1;');
  });

  it('falls back to the current directory, and takes the dialect from $TOOLWRIGHT_CODING_DIALECT', () => {
    delete process.env['TOOLWRIGHT_WORKSPACE'];
    process.env['TOOLWRIGHT_CODING_DIALECT'] = 'opencode';
    const handle = codingRegistryDefault().finalize();
    expect(handle.has('Read')).toBe(true);
    expect(handle.resources.get(Workspace).root).toBe(new Workspace(process.cwd()).root);
    process.env['TOOLWRIGHT_CODING_DIALECT'] = 'claude';
    expect(() => codingRegistryDefault()).toThrow(
      'TOOLWRIGHT_CODING_DIALECT must be one of native, codex, opencode, hashline (it is "claude").',
    );
  });
});

describe('the capability gate (web_fetch)', () => {
  const page = (overrides: Partial<WebPage> = {}): WebPage => ({
    url: 'https://example.com/',
    status: 200,
    contentType: 'text/html; charset=utf-8',
    body: '<html><head><style>p{}</style></head><body><h1>Example</h1><p>Hello &amp; welcome</p><script>x()</script></body></html>',
    truncated: false,
    ...overrides,
  });
  const client = (answer: WebPage = page()): WebClient & { urls: string[] } => {
    const urls: string[] = [];
    return {
      urls,
      fetch: async (url) => {
        urls.push(url);
        return answer;
      },
    };
  };

  it('registers web_fetch only when the config enables it and the client is provided', () => {
    const has = (options: Parameters<typeof createCodingRegistry>[0]): boolean =>
      createCodingRegistry({ root, ...options })
        .finalize()
        .has('web_fetch');
    expect(has({ capabilities: { webFetch: true }, webClient: client() })).toBe(true);
    expect(has({ capabilities: { webFetch: true } })).toBe(false);
    expect(has({ capabilities: { webFetch: false }, webClient: client() })).toBe(false);
    expect(has({})).toBe(false);
    expect(has({ dialect: 'codex', capabilities: { webFetch: true }, webClient: client() })).toBe(true);
  });

  it('fetches through the client and reduces HTML to text', async () => {
    const fake = client();
    const tools = createCodingRegistry({
      root,
      capabilities: { webFetch: true },
      webClient: fake,
    }).finalize();
    expect(tools.get('web_fetch')).toMatchObject({ kind: 'fetch', readOnly: true, namespace: 'native' });
    const outcome = await call(tools, 'web_fetch', { url: 'https://example.com' });
    expect(fake.urls).toEqual(['https://example.com/']);
    expect(outcome.text).toBe(
      'HTTP 200 https://example.com/ (text/html; charset=utf-8)\n\nExample\nHello & welcome',
    );
  });

  it('refuses URLs that are not http(s) and maps HTTP failures to error kinds', async () => {
    const tools = createCodingRegistry({
      root,
      capabilities: { webFetch: true },
      webClient: client(page({ status: 404 })),
    }).finalize();
    expect(kindOf((await call(tools, 'web_fetch', { url: 'file:///etc/passwd' })).result)).toBe(
      'invalid_arguments',
    );
    expect(kindOf((await call(tools, 'web_fetch', { url: 'not a url' })).result)).toBe('invalid_arguments');
    expect(kindOf((await call(tools, 'web_fetch', { url: 'https://example.com/missing' })).result)).toBe(
      'not_found',
    );
    const failing: WebClient = {
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    };
    const offline = createCodingRegistry({
      root,
      capabilities: { webFetch: true },
      webClient: failing,
    }).finalize();
    const outcome = await call(offline, 'web_fetch', { url: 'https://example.com' });
    expect(kindOf(outcome.result)).toBe('network');
    expect(outcome.text).toBe(
      'Could not fetch https://example.com/: the request failed. Check the URL, or try again later.',
    );
  });
});

describe('exclusive editors', () => {
  it('fails to finalize when edit and apply_patch are both registered', () => {
    const error = finalizeError(createCodingRegistry({ root }).tool(ApplyPatch));
    expect(error.problems).toEqual([
      {
        code: 'exclusive',
        tool: 'edit',
        message:
          'edit and apply_patch are both registered, but they are exclusive: they are two editors for the same job with different formats (exact text vs. patches); offering both makes the model guess which to use.',
        fix: 'register only one of edit and apply_patch.',
      },
    ]);
  });

  it('accepts apply_patch instead of edit, and applies patches all or nothing', async () => {
    const tools = new ToolRegistry()
      .provide(Workspace, new Workspace(root))
      .toolset('native', [ApplyPatch])
      .exclusive(['edit', 'apply_patch'], 'two editors')
      .finalize();
    writeFile(root, 'patch/one.txt', 'alpha\nbeta\ngamma\n');
    const patch = [
      '*** Begin Patch',
      '*** Update File: patch/one.txt',
      '@@',
      ' alpha',
      '-beta',
      '+BETA',
      ' gamma',
      '*** Add File: patch/two.txt',
      '+new file',
      '*** End Patch',
    ].join('\n');
    const outcome = await call(tools, 'apply_patch', { input: patch });
    expect(outcome.text).toBe('Success. Updated the following files:\nA patch/two.txt\nM patch/one.txt');
    expect(readFile(root, 'patch/one.txt')).toBe('alpha\nBETA\ngamma\n');
    expect(readFile(root, 'patch/two.txt')).toBe('new file\n');

    const stale = patch
      .replace('-beta', '-delta')
      .replace('*** Add File: patch/two.txt', '*** Add File: patch/three.txt');
    const conflict = await call(tools, 'apply_patch', { input: stale });
    expect(kindOf(conflict.result)).toBe('conflict');
    expect(conflict.text).toMatch(/^Could not find these lines in "patch\/one.txt":\nalpha\ndelta\ngamma\n/);
    expect(() => readFile(root, 'patch/three.txt')).toThrow();
  });
});

describe("search_replace's requirement", () => {
  const base = (skipReadBeforeEdit: boolean): ToolRegistry =>
    new ToolRegistry()
      .provide(Workspace, new Workspace(root))
      .params(SearchReplaceConfig, { skipReadBeforeEdit })
      .state(FileReadLog, { paths: [] });

  it('passes with read_file and edit registered (the default registry)', () => {
    expect(createCodingRegistry({ root }).check()).toMatchObject({ ok: true });
    expect(base(false).toolset('native', [ReadFile, Edit, SearchReplace]).check()).toMatchObject({
      ok: true,
    });
  });

  it('fails without read_file while skipReadBeforeEdit is false, saying why and how to fix it', () => {
    const error = finalizeError(base(false).toolset('native', [Edit, SearchReplace]));
    expect(error.message).toBe(
      [
        '1 problem in the tool registry',
        '',
        '  - search_replace requires read_file unless params.search_replace.skipReadBeforeEdit is true',
        '    (it is false), and read_file is not registered.',
        '    Fix: register ReadFile, or set skipReadBeforeEdit.',
      ].join('\n'),
    );
  });

  it('passes without read_file when skipReadBeforeEdit is true', () => {
    expect(base(true).toolset('native', [Edit, SearchReplace]).check()).toMatchObject({
      ok: true,
      tools: ['edit', 'search_replace'],
    });
  });

  it('fails without an edit tool exposing old_string, new_string and replace_all (its description names them)', () => {
    const report = base(true).toolset('native', [SearchReplace]).check();
    // The description's references to edit's parameters may be reported beside the requirement.
    const others = report.problems.slice(1);
    expect(
      others.every((problem) => problem.code === 'template' && problem.message.includes('${{ params.edit.')),
    ).toBe(true);
    expect(report.problems[0]).toMatchObject({
      code: 'requirement',
      tool: 'search_replace',
      message:
        'search_replace requires edit with the parameters old_string, new_string and replace_all, and edit is not registered.',
      fix: 'register a tool named edit.',
    });
  });
});

describe('the dialect tools delegate to the same implementations', () => {
  it('codex: read_file numbers lines L<n>, list_dir numbers entries, grep_files lists files, apply_patch edits', async () => {
    const codex = createCodingRegistry({ root, dialect: 'codex' }).finalize();
    expect((await call(codex, 'read_file', { file_path: 'src/a.ts', limit: 1 })).text).toBe(
      'L1: export const a = 1;\n\n[Showing lines 1–1 of 2. Continue with offset=2.]',
    );
    writeFile(root, 'codex/dir/inner.txt', 'x');
    writeFile(root, 'codex/file.txt', 'needle\n');
    expect((await call(codex, 'list_dir', { dir_path: 'codex' })).text).toBe(
      'Directory: codex\nE1: dir/\nE2:   inner.txt\nE3: file.txt',
    );
    expect((await call(codex, 'grep_files', { pattern: 'needle' })).text).toBe('codex/file.txt');
    expect((await call(codex, 'grep_files', { pattern: 'no-such-needle' })).text).toBe('No matches found.');
    const patch =
      '*** Begin Patch\n*** Update File: codex/file.txt\n-needle\n+thread\n*** Delete File: codex/dir/inner.txt\n*** End Patch';
    expect((await call(codex, 'apply_patch', { input: patch })).text).toBe(
      'Success. Updated the following files:\nM codex/file.txt\nD codex/dir/inner.txt',
    );
    expect(readFile(root, 'codex/file.txt')).toBe('thread\n');
  });

  it('opencode: Read has 0-based offsets, Edit and Write use camelCase, Grep groups by file, List ignores globs', async () => {
    const opencode = createCodingRegistry({ root, dialect: 'opencode' }).finalize();
    expect((await call(opencode, 'Read', { filePath: 'src/a.ts', offset: 1 })).text).toBe(
      '<file>\n00002| export const b = 2;\n</file>',
    );
    expect((await call(opencode, 'Write', { filePath: 'oc/new.ts', content: 'let x = 1;\n' })).text).toBe(
      'Created oc/new.ts (1 line, 11 bytes).',
    );
    expect(
      (await call(opencode, 'Edit', { filePath: 'oc/new.ts', oldString: 'let', newString: 'const' })).text,
    ).toBe('Edited oc/new.ts: replaced 1 occurrence (line 1).');
    expect((await call(opencode, 'Grep', { pattern: 'const x', path: 'oc' })).text).toBe(
      'Found 1 matches\noc/new.ts:\n  Line 1: const x = 1;',
    );
    expect((await call(opencode, 'Glob', { pattern: 'oc/*.ts' })).text).toBe('oc/new.ts');
    writeFile(root, 'oc/skip.log', '');
    expect((await call(opencode, 'List', { path: 'oc', ignore: ['*.log'] })).text).toBe(
      'oc/ (1 entry)\n  new.ts  (13 bytes)',
    );
  });
});
