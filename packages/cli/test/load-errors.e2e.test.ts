import { buildFixtures, killAll, requireBuilt, runCli } from './helpers/run-cli';

// Each way a module can fail to load is its own message, and exit code 2 (never 1: the registry was
// not even reached). Output must say what happened and how to fix it.
describe('toolwright loading a module', () => {
  let fixtures: string;

  beforeAll(async () => {
    requireBuilt();
    fixtures = await buildFixtures();
  }, 120_000);

  afterAll(killAll);

  it('names the resolved path of a missing file', async () => {
    const run = await runCli(['validate', 'packages/cli/test/fixtures/js/does-not-exist.js']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('error [module_not_found]');
    expect(run.stderr).toMatch(/\/packages\/cli\/test\/fixtures\/js\/does-not-exist\.js does not exist/);
  });

  it('lists the exports found when none is a registry', async () => {
    const run = await runCli(['validate', 'packages/cli/test/fixtures/js/no-export.js']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('error [no_registry_export]');
    expect(run.stderr).toContain('Exports found: VERSION (a string), createClient (a function createClient)');
    expect(run.stderr).toContain('--export <name>');
  });

  it('shows the message of an error thrown while loading, and where', async () => {
    const run = await runCli(['validate', 'packages/cli/test/fixtures/js/throws-at-import.js']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('error [import_failed]');
    expect(run.stderr).toContain('threw Error: DATABASE_URL is not set');
    expect(run.stderr).toMatch(/at readConfiguration \(.*throws-at-import\.js:3/);
  });

  it('shows the message of an error thrown by the exported function', async () => {
    const run = await runCli(['validate', 'packages/cli/test/fixtures/js/factory-throws.js']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('error [factory_failed]');
    expect(run.stderr).toContain(
      'Calling the default export of factory-throws.js threw Error: no API key configured',
    );
  });

  it('explains missing decorator metadata in a module built by esbuild', async () => {
    const run = await runCli(['validate', 'packages/cli/test/fixtures/js/esbuild-output.js']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('error [metadata_missing]');
    expect(run.stderr).toContain('esbuild-output.js: built by esbuild');
    expect(run.stderr).toContain('GreetArgs.name');
    expect(run.stderr).toContain('"emitDecoratorMetadata": true');
    expect(run.stderr).toMatch(/tsx/);
  });

  it('asks for the build output when given a TypeScript file', async () => {
    const run = await runCli(['validate', 'packages/cli/test/fixtures/src/drift-tools.ts']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('error [typescript_source]');
    expect(run.stderr).toContain('Build it first');
    expect(run.stderr).toContain('packages/cli/test/fixtures/dist/default/drift-tools.js');
  });

  it('loads a compiled module that exports a finalized handle as "registry"', async () => {
    const run = await runCli(['validate', `${fixtures}/noisy-tools.js`, '--json']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ ok: true, tools: ['shout'], problems: [] });
  });

  it('gives --json readers the load error too', async () => {
    const run = await runCli(['validate', 'packages/cli/test/fixtures/js/no-export.js', '--json']);
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stdout)).toEqual({
      ok: false,
      tools: [],
      problems: [],
      error: { code: 'no_registry_export', message: expect.stringContaining('exports no tool registry') },
    });
  });
});
