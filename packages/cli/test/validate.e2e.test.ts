import { execFileSync } from 'node:child_process';
import { killAll, requireBuilt, ROOT, runCli } from './helpers/run-cli';

interface SeededProblem {
  readonly code: string;
  readonly tool?: string;
  readonly mentions: readonly string[];
}

interface JsonReport {
  readonly ok: boolean;
  readonly tools: readonly string[];
  readonly problems: readonly { code: string; tool?: string; message: string; fix: string }[];
}

describe('toolwright validate', () => {
  let seeded: readonly SeededProblem[];

  beforeAll(() => {
    requireBuilt('examples/coding-tools/dist/index.js', 'examples/coding-tools-broken/dist/index.js');
    // The broken example lists what it seeds; read it from its build, as the CLI does.
    seeded = JSON.parse(
      execFileSync(
        process.execPath,
        ['-e', "console.log(JSON.stringify(require('./examples/coding-tools-broken').SEEDED_PROBLEMS))"],
        {
          cwd: ROOT,
          encoding: 'utf8',
        },
      ),
    ) as SeededProblem[];
    expect(seeded.length).toBeGreaterThanOrEqual(5);
  });

  afterAll(killAll);

  it('passes on the example with a one-line summary naming the tools', async () => {
    const run = await runCli(['validate', 'examples/coding-tools']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout.trim().split('\n')).toHaveLength(1);
    expect(run.stdout).toMatch(/^✔ valid: \d+ tools: read_file, write_file, edit, search_replace/);
  });

  it('fails on the broken variant, listing every seeded problem with its fix', async () => {
    const run = await runCli(['validate', 'examples/coding-tools-broken']);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      new RegExp(`^FinalizeError: ${seeded.length} problems in the tool registry\n`),
    );
    // Problem text wraps at 96 columns: compare with line breaks folded.
    const text = run.stdout.replace(/\n\s+/g, ' ');
    for (const problem of seeded) {
      for (const words of problem.mentions) expect(text).toContain(words);
    }
    expect(run.stdout.match(/^ {4}Fix: /gm)).toHaveLength(seeded.length);
    expect(run.stdout).not.toContain('\u001b[');
  });

  it('prints a stable JSON report with --json', async () => {
    const run = await runCli(['validate', 'examples/coding-tools-broken', '--json']);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as JsonReport;
    expect(Object.keys(report)).toEqual(['ok', 'tools', 'problems']);
    expect(report.ok).toBe(false);
    expect(report.tools).toContain('search_replace');
    expect(report.problems).toHaveLength(seeded.length);
    for (const problem of seeded) {
      const match = report.problems.find(
        (found) =>
          found.code === problem.code &&
          (problem.tool === undefined || found.tool === problem.tool) &&
          problem.mentions.every((words) => found.message.includes(words) || found.fix.includes(words)),
      );
      expect({ seeded: problem, found: match !== undefined }).toEqual({ seeded: problem, found: true });
    }
    for (const problem of report.problems) expect(problem.fix.length).toBeGreaterThan(0);

    const passing = await runCli(['validate', 'examples/coding-tools', '--json']);
    expect(passing.code).toBe(0);
    expect(JSON.parse(passing.stdout)).toEqual({
      ok: true,
      tools: expect.arrayContaining(['read_file', 'shell']),
      problems: [],
    });
  });

  it('prints one escaped GitHub Actions annotation per problem with --format github', async () => {
    const run = await runCli(['validate', 'examples/coding-tools-broken', '--format', 'github']);
    expect(run.code).toBe(1);
    const annotations = run.stdout.split('\n').filter((line) => line.startsWith('::error '));
    expect(annotations).toHaveLength(seeded.length);
    for (const line of annotations) {
      expect(line).toMatch(
        /^::error title=toolwright validate%3A [a-z_]+( \([^)]*\))?(,file=[^,:]+,line=\d+)?::.+%0AFix: .+$/,
      );
    }
    // Where the source is known, the annotation points at it: the TypeScript file, through the source map.
    const unbound = annotations.find((line) => line.includes('unbound_dependency (web_fetch)'));
    expect(unbound).toMatch(/,file=examples\/coding-tools\/src\/tools\/native\/web-fetch\.ts,line=\d+::/);
    const gap = annotations.find((line) => line.includes('MultiEditArgs.edits'));
    expect(gap).toMatch(/,file=examples\/coding-tools-broken\/src\/broken-tools\.ts,line=\d+::/);
    expect(annotations.join('\n')).toContain('"list files"');
  });

  it('reports the problems of a module that exports registry.finalize(), which threw while it loaded', async () => {
    for (const format of ['text', 'json', 'github']) {
      const run = await runCli([
        'validate',
        'packages/cli/test/fixtures/js/finalized-at-import.js',
        '--format',
        format,
      ]);
      expect({ format, code: run.code }).toEqual({ format, code: 1 });
      expect(run.stdout.replace(/\n\s+/g, ' ')).toContain(
        'edit requires read_file, and read_file is not registered.',
      );
    }
    const json = await runCli(['validate', 'packages/cli/test/fixtures/js/finalized-at-import.js', '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({
      ok: false,
      tools: ['edit'],
      problems: [{ code: 'requirement', tool: 'edit' }],
    });
  });

  it('prints a JSON object and exits 2 when the module cannot be loaded', async () => {
    const run = await runCli(['validate', 'packages/cli/test/fixtures/js/throws-at-import.js', '--json']);
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stdout)).toMatchObject({
      ok: false,
      tools: [],
      problems: [],
      error: { code: 'import_failed' },
    });
  });
});
