import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { CorpusCase } from '../../registry/test/corpus';
import { mismatches, type ReportedProblem } from '../../registry/test/corpus/match-problems';
import type { CliIo } from '../src/io/cli-io';
import { main } from '../src/main';
import { requireBuilt, ROOT, runCli } from './helpers/run-cli';

// The registry corpus (packages/registry/test/corpus), through `toolwright validate` in all three
// formats. The CLI loads compiled modules, so the corpus is compiled with tsc (the compiler that
// emits decorator metadata) once per change of its sources; each case is an export of its index.
const CORPUS = path.join(ROOT, 'packages/registry/test/corpus');
const BUILT = path.join(CORPUS, 'dist/index.js');

function buildCorpus(): void {
  const hash = createHash('sha256');
  for (const name of readdirSync(CORPUS)
    .filter((file) => file.endsWith('.ts') || file.endsWith('.json'))
    .sort())
    hash.update(name).update(readFileSync(path.join(CORPUS, name)));
  const stamp = path.join(CORPUS, 'dist', `.built-${hash.digest('hex').slice(0, 16)}`);
  if (existsSync(stamp)) return;
  rmSync(path.join(CORPUS, 'dist'), { recursive: true, force: true });
  execFileSync(
    process.execPath,
    [require.resolve('typescript/bin/tsc'), '-p', path.join(CORPUS, 'tsconfig.json')],
    {
      cwd: ROOT,
      stdio: 'pipe',
    },
  );
  writeFileSync(stamp, '');
}

function fakeIo(): CliIo & { out: () => string; err: () => string } {
  let stdout = '';
  let stderr = '';
  return {
    stdout: { write: (text) => void (stdout += text), isTTY: false },
    stderr: { write: (text) => void (stderr += text), isTTY: false },
    stdin: Readable.from([]),
    cwd: ROOT,
    env: { NO_COLOR: '1' },
    onInterrupt: () => () => undefined,
    isolateStdout: () => undefined,
    out: () => stdout,
    err: () => stderr,
  };
}

async function validate(
  id: string,
  format: 'text' | 'json' | 'github',
): Promise<{ code: number; out: string; err: string }> {
  const io = fakeIo();
  const code = await main(['validate', path.relative(ROOT, BUILT), '--export', id, '--format', format], io);
  return { code, out: io.out(), err: io.err() };
}

/** The problems of a `validate` text report, parsed back from its `  - …` / `    Fix: …` items. */
function parseText(text: string): { message: string; fix: string }[] {
  const items = text.split(/\n {2}- /).slice(1);
  return items.map((item) => {
    const [message, fix] = item.split(/\n {4}Fix: /);
    return { message: message!.replace(/\n\s+/g, ' '), fix: (fix ?? '').replace(/\n\s+/g, ' ').trim() };
  });
}

/** The problems of a `--format github` report, parsed back from its annotations. */
function parseGithub(text: string): ReportedProblem[] {
  const unescape = (value: string): string =>
    value
      .replace(/%0A/g, '\n')
      .replace(/%0D/g, '\r')
      .replace(/%3A/g, ':')
      .replace(/%2C/g, ',')
      .replace(/%25/g, '%');
  return text
    .split('\n')
    .filter((line) => line.startsWith('::error '))
    .map((line) => {
      const match = /^::error (.*?)::(.*)$/.exec(line)!;
      const title = /title=([^,]*)/.exec(match[1]!)![1]!;
      const head = /^toolwright validate: ([a-z_]+)(?: \((.*)\))?$/.exec(unescape(title))!;
      const [message, fix] = unescape(match[2]!).split('\nFix: ');
      return {
        code: head[1]!,
        ...(head[2] === undefined ? {} : { tool: head[2] }),
        message: message!,
        fix: fix ?? '',
      };
    });
}

// Loaded through jest (so the compiled corpus shares the CLI's copies of the packages).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const corpus = (): readonly CorpusCase[] => (require(BUILT) as { CORPUS: readonly CorpusCase[] }).CORPUS;

describe('the finalize corpus through toolwright validate', () => {
  beforeAll(buildCorpus, 120_000);

  it('reports every seeded problem, nothing else, in text, --json and --format github', async () => {
    const failures: string[] = [];
    const cases = corpus();
    expect(cases.length).toBeGreaterThanOrEqual(83);
    for (const entry of cases) {
      const expectedCode = entry.problems.length === 0 ? 0 : 1;
      const json = await validate(entry.id, 'json');
      const report = JSON.parse(json.out) as { ok: boolean; tools: string[]; problems: ReportedProblem[] };
      const jsonErrors = [
        ...(json.code === expectedCode ? [] : [`exit ${json.code}: ${json.err}`]),
        ...(report.ok === (entry.problems.length === 0) ? [] : ['ok is wrong']),
        ...mismatches(entry.problems, report.problems),
        ...(entry.tools === undefined || JSON.stringify(report.tools) === JSON.stringify(entry.tools)
          ? []
          : [`tools ${JSON.stringify(report.tools)}`]),
      ];
      const text = await validate(entry.id, 'text');
      const parsed = parseText(text.out);
      const textErrors = [
        ...(text.code === expectedCode ? [] : [`exit ${text.code}: ${text.err}`]),
        ...(parsed.length === entry.problems.length ? [] : [`${parsed.length} items`]),
        // Text has no codes: each reported problem's words are in it, in order.
        ...report.problems
          .filter(
            (problem, index) =>
              parsed[index]?.message !== problem.message || parsed[index]?.fix !== problem.fix,
          )
          .map((problem) => `text differs for ${problem.message}`),
      ];
      const github = await validate(entry.id, 'github');
      const githubErrors = [
        ...(github.code === expectedCode ? [] : [`exit ${github.code}: ${github.err}`]),
        ...mismatches(entry.problems, parseGithub(github.out)),
      ];
      for (const [format, errors] of [
        ['json', jsonErrors],
        ['text', textErrors],
        ['github', githubErrors],
      ] as const) {
        for (const error of errors) failures.push(`${entry.id} (${format}): ${error}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('runs the built CLI the same way (spawned) on a broken and a correct case', async () => {
    requireBuilt();
    const broken = await runCli([
      'validate',
      path.relative(ROOT, BUILT),
      '--export',
      'unbuildable_duplicate_template_requirement',
      '--json',
    ]);
    expect(broken.code).toBe(1);
    expect((JSON.parse(broken.stdout) as { problems: unknown[] }).problems).toHaveLength(4);
    const github = await runCli([
      'validate',
      path.relative(ROOT, BUILT),
      '--export',
      'unbuildable_duplicate_template_requirement',
      '--format',
      'github',
    ]);
    expect(github.code).toBe(1);
    expect(github.stdout.split('\n').filter((line) => line.startsWith('::error '))).toHaveLength(4);
    const ok = await runCli(['validate', path.relative(ROOT, BUILT), '--export', 'ok_async_resource']);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toBe('✔ valid: 1 tool: remote_search\n');
  }, 60_000);
});
