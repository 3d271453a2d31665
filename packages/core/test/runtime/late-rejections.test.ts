import { execFile } from 'node:child_process';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '../../../..');

// jest's sandbox does not deliver `unhandledRejection` to listeners a test adds, so the scenario
// runs in a plain Node process with a real spy (and a canary proving the spy works).
function runScenario(file: string): Promise<{ canarySeen: boolean; unhandled: string[]; results: string[] }> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['-r', 'ts-node/register/transpile-only', path.join(__dirname, 'scenarios', file)],
      {
        cwd: ROOT,
        env: { ...process.env, TS_NODE_PROJECT: path.join(ROOT, 'tsconfig.jest.json') },
        timeout: 60_000,
      },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`${error.message}\n${stderr}`));
        try {
          resolve(JSON.parse(stdout.trim().split('\n').pop() ?? '') as never);
        } catch {
          reject(new Error(`unexpected output: ${stdout}\n${stderr}`));
        }
      },
    );
  });
}

describe('late rejections (R11)', () => {
  it('never become unhandled rejections, whatever the tool rejects with and however the call ended', async () => {
    const outcome = await runScenario('late-rejections.ts');
    expect(outcome.canarySeen).toBe(true);
    expect(outcome.unhandled).toEqual([]);
    expect(outcome.results).toEqual(['timeout', 'timeout', 'timeout', 'timeout', 'cancelled']);
  });
});
