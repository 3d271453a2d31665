import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { buildFixtures, requireBuilt, ROOT } from './helpers/run-cli';

describe('docs/cli.md', () => {
  beforeAll(async () => {
    requireBuilt('examples/coding-tools/dist/index.js', 'examples/coding-tools-broken/dist/index.js');
    // The page shows check-schemas on the fixture at the tsconfig's own outDir.
    await buildFixtures();
  }, 120_000);

  it('shows the outputs the CLI prints today', () => {
    let failure: string | undefined;
    try {
      execFileSync(process.execPath, [path.join(ROOT, 'packages/cli/scripts/cli-docs.js'), '--check'], {
        cwd: ROOT,
        stdio: 'pipe',
        encoding: 'utf8',
      });
    } catch (error) {
      failure = (error as { stderr?: string }).stderr ?? String(error);
    }
    expect(failure).toBeUndefined();
  }, 60_000);
});
