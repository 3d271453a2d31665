import { buildFixtures, killAll, requireBuilt, runCli } from './helpers/run-cli';

interface DriftJson {
  readonly ok: boolean;
  readonly drifts: readonly {
    code: string;
    argsClass: string;
    property: string;
    tools: string[];
    location: string;
    fix: string;
  }[];
  readonly checked: readonly { tool: string; argsClass: string }[];
}

describe('toolwright check-schemas', () => {
  let fixtures: string;

  beforeAll(async () => {
    requireBuilt('examples/coding-tools/dist/index.js');
    fixtures = await buildFixtures();
  }, 120_000);

  afterAll(killAll);

  it('reports each seeded drift with where it is and its fix, and exits 1', async () => {
    const run = await runCli(
      [
        'check-schemas',
        `${fixtures}/drift-tools.js`,
        '--tsconfig',
        'packages/cli/test/fixtures/tsconfig.json',
        '--json',
      ],
      { timeoutMs: 40_000 },
    );
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as DriftJson;
    expect(report.ok).toBe(false);
    expect(report.checked.map((entry) => entry.argsClass).sort()).toEqual([
      'EchoArgs',
      'LookupArgs',
      'ReadWindowArgs',
    ]);
    const found = report.drifts.map((drift) => `${drift.code} ${drift.argsClass}.${drift.property}`).sort();
    expect(found).toEqual([
      'enum_mismatch LookupArgs.mode',
      'required_mismatch LookupArgs.filters[].value',
      'required_mismatch ReadWindowArgs.offset',
      'union_type LookupArgs.key',
    ]);
    const offset = report.drifts.find((drift) => drift.property === 'offset')!;
    expect(offset.tools).toEqual(['read_window']);
    expect(offset.location).toMatch(/^packages\/cli\/test\/fixtures\/src\/drift-tools\.ts:\d+$/);
    expect(offset.fix).toContain('optional: true');
    expect(report.drifts.find((drift) => drift.property === 'mode')!.fix).toBe(
      '@Param({ enum: ["exact", "prefix"] }).',
    );
  }, 45_000);

  it('explains the drift in text, and finds none in the example', async () => {
    const text = await runCli(
      [
        'check-schemas',
        `${fixtures}/drift-tools.js`,
        '--tsconfig',
        'packages/cli/test/fixtures/tsconfig.json',
      ],
      { timeoutMs: 40_000 },
    );
    expect(text.code).toBe(1);
    expect(text.stdout).toContain('4 drifts between the decorator schemas and the TypeScript types');
    expect(text.stdout).toContain(
      'offset is optional in TypeScript (offset?: number) but required in the schema: its @Param has no optional: true',
    );
    expect(text.stdout).toContain(
      'key is string | number in TypeScript, a union of types the decorators cannot see',
    );

    const example = await runCli(
      ['check-schemas', 'examples/coding-tools', '--tsconfig', 'examples/coding-tools/tsconfig.json'],
      {
        timeoutMs: 40_000,
      },
    );
    expect(example.code).toBe(0);
    expect(example.stdout).toMatch(/^✔ no drift: \d+ args classes/);
  }, 90_000);

  it('requires --tsconfig', async () => {
    const run = await runCli(['check-schemas', 'examples/coding-tools']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("required option '--tsconfig <path>' not specified");
  });

  it('compares a Date and JSDoc bounds, and says "not checked" for a tuple and a readonly array', async () => {
    const args = [
      'check-schemas',
      `${fixtures}/drift-edge-cases.js`,
      '--tsconfig',
      'packages/cli/test/fixtures/tsconfig.json',
    ];
    const json = await runCli([...args, '--json'], { timeoutMs: 40_000 });
    expect(json.code).toBe(1);
    const report = JSON.parse(json.stdout) as DriftJson & {
      uncheckedProperties: { argsClass: string; property: string; reason: string }[];
      unchecked: { tool: string; reason: string }[];
    };
    expect(report.unchecked).toEqual([
      { tool: 'tag', reason: expect.stringContaining('cannot read the readonly array type of TagArgs.tags') },
    ]);
    expect(report.drifts.map((drift) => [drift.code, drift.property]).sort()).toEqual([
      ['bounds_mismatch', 'times'],
      ['type_mismatch', 'at'],
    ]);
    expect(report.uncheckedProperties).toEqual([
      { argsClass: 'ScheduleArgs', property: 'window', reason: expect.stringContaining('a tuple type') },
    ]);

    const text = await runCli(args, { timeoutMs: 40_000 });
    expect(text.stdout).toContain('not checked: ScheduleArgs.window: a tuple type');
    expect(text.stdout).not.toContain('✔ no drift');

    const github = await runCli([...args, '--format', 'github'], { timeoutMs: 40_000 });
    expect(github.code).toBe(1);
    const lines = github.stdout.split('\n');
    expect(lines.filter((line) => line.startsWith('::error '))).toHaveLength(2);
    expect(lines.find((line) => line.includes('bounds_mismatch'))).toMatch(
      /^::error title=toolwright check-schemas%3A bounds_mismatch \(schedule\),file=packages\/cli\/test\/fixtures\/src\/drift-edge-cases\.ts,line=\d+::ScheduleArgs\.times: /,
    );
    expect(
      lines.filter((line) => line.startsWith('::warning title=toolwright check-schemas%3A not checked::')),
    ).toHaveLength(2);
  }, 60_000);
});
