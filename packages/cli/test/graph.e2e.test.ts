import { killAll, requireBuilt, runCli } from './helpers/run-cli';

describe('toolwright graph', () => {
  beforeAll(() =>
    requireBuilt('examples/coding-tools/dist/index.js', 'examples/coding-tools-broken/dist/index.js'),
  );
  afterAll(killAll);

  /** Mermaid node ids by label's first line: `n3["search_replace<br/>…"]` → search_replace → n3. */
  function mermaidIds(text: string): Map<string, string> {
    const ids = new Map<string, string>();
    for (const match of text.matchAll(/^ {2}(n\d+)[[({/]+"([^"<]+)/gm)) ids.set(match[2]!, match[1]!);
    return ids;
  }

  it('draws the example as a Mermaid flowchart of tools and what they need', async () => {
    const run = await runCli(['graph', 'examples/coding-tools']);
    expect(run.code).toBe(0);
    expect(run.stdout.startsWith('flowchart LR\n')).toBe(true);
    const ids = mermaidIds(run.stdout);
    for (const tool of ['read_file', 'search_replace', 'edit', 'shell']) expect(ids.has(tool)).toBe(true);
    expect(run.stdout).toContain(`${ids.get('search_replace')} --> ${ids.get('read_file')}`);
    expect(run.stdout).toContain(`${ids.get('edit')} --> ${ids.get('edit.old_string')}`);
    expect(run.stdout).not.toMatch(/class [n\d,]+ missing/);
  });

  it('highlights what the broken variant is missing, in Mermaid and in DOT', async () => {
    const mermaid = await runCli(['graph', 'examples/coding-tools-broken', '--format', 'mermaid']);
    expect(mermaid.code).toBe(0);
    const ids = mermaidIds(mermaid.stdout);
    const missing = /^ {2}class ([n\d,]+) missing$/m.exec(mermaid.stdout)?.[1]?.split(',') ?? [];
    expect(missing.sort()).toEqual(
      [ids.get('read_file'), ids.get('web_search'), ids.get('edit.old_text')].sort(),
    );
    // Tools that cannot be built are drawn, in the problem colour, with what they lack.
    const unmet = /^ {2}class ([n\d,]+) unmet$/m.exec(mermaid.stdout)?.[1]?.split(',') ?? [];
    expect(unmet).toEqual(
      expect.arrayContaining([ids.get('web_fetch'), ids.get('multi_edit'), ids.get('run_tests')]),
    );
    expect(mermaid.stdout).toContain('cannot be built: needs WebClient, which is not bound');
    expect(mermaid.stdout).toContain('cannot be built: needs a complete definition');
    expect(mermaid.stdout).toContain(`${ids.get('search_replace')} --> ${ids.get('read_file')}`);
    expect(mermaid.stdout).toContain(`${ids.get('find_docs')} -.->|template| ${ids.get('web_search')}`);
    expect(mermaid.stdout).toContain(`${ids.get('edit')} -.-|exclusive| ${ids.get('apply_patch')}`);
    expect(mermaid.stdout).toMatch(/^ {2}linkStyle [\d,]+ stroke:#d93025/m);

    const dot = await runCli(['graph', 'examples/coding-tools-broken', '--format', 'dot']);
    expect(dot.code).toBe(0);
    expect(dot.stdout.startsWith('digraph requirements {\n')).toBe(true);
    expect(dot.stdout).toMatch(
      /"tool:read_file" \[label="read_file\\nnot registered", shape=box, style="filled,dashed", fillcolor="#fdecea"/,
    );
    expect(dot.stdout).toMatch(/"tool:search_replace" -> "tool:read_file" \[color="#d93025"/);
    expect(dot.stdout).toMatch(/"tool:edit" -> "tool:apply_patch" \[label="exclusive", dir=both/);
    expect(dot.stdout.trimEnd().endsWith('}')).toBe(true);
  });
});
