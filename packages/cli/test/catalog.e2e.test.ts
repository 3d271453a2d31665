import { buildFixtures, killAll, requireBuilt, runCli } from './helpers/run-cli';

describe('the CLI and resources, templates and prompts', () => {
  let fixtures: string;
  beforeAll(async () => {
    requireBuilt();
    fixtures = await buildFixtures();
  });
  afterAll(killAll);

  it('validate names them beside the tools, in text and JSON', async () => {
    const text = await runCli(['validate', `${fixtures}/catalog-tools.js`]);
    expect(text.code).toBe(0);
    expect(text.stdout).toBe('✔ valid: 1 tool: add_note; 1 resource, 1 resource template, 1 prompt\n');
    const json = await runCli(['validate', `${fixtures}/catalog-tools.js`, '--json']);
    expect(JSON.parse(json.stdout)).toEqual({
      ok: true,
      tools: ['add_note'],
      problems: [],
      resources: ['notes://all'],
      resourceTemplates: ['notes://{id}'],
      prompts: ['summarize_notes'],
    });
  });

  it('validate reports their problems with the tools’, and exits 1', async () => {
    const run = await runCli(['validate', `${fixtures}/catalog-broken.js`, '--json']);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as { ok: boolean; problems: { code: string; message: string }[] };
    expect(report.ok).toBe(false);
    expect(report.problems.map((problem) => problem.code)).toEqual([
      'template_variable',
      'template',
      'duplicate_uri',
    ]);
    expect(report.problems[2]!.message).toBe(
      'two resources have the URI notes://all: First.all and Second.all.',
    );
    const text = await runCli(['validate', `${fixtures}/catalog-broken.js`]);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain("the prompt summarize's text refers to ${{ tools.add_note }}");
  });

  it('schema --catalog prints them as MCP lists them', async () => {
    const run = await runCli(['schema', `${fixtures}/catalog-tools.js`, '--catalog']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      resources: [
        { uri: 'notes://all', name: 'all-notes', description: 'Every note.', mimeType: 'text/plain' },
      ],
      resourceTemplates: [{ uriTemplate: 'notes://{id}', name: 'note', description: 'One note.' }],
      prompts: [
        {
          name: 'summarize_notes',
          description: 'Summarize the notes; add one with add_note.',
          arguments: [{ name: 'style', description: 'How', required: true }],
        },
      ],
    });
  });

  it('serve says what it serves', async () => {
    const run = await runCli(['serve', `${fixtures}/catalog-tools.js`], { timeoutMs: 10_000 });
    expect(run.stderr).toContain(
      'toolwright: serving 1 tool, 1 resource, 1 resource template, 1 prompt over stdio',
    );
  });
});
