import path from 'node:path';
import { Readable } from 'node:stream';
import type { CliIo } from './io/cli-io';
import { main } from './main';

function fakeIo(): CliIo & { out: () => string; err: () => string } {
  let stdout = '';
  let stderr = '';
  return {
    stdout: { write: (text) => void (stdout += text), isTTY: false },
    stderr: { write: (text) => void (stderr += text), isTTY: false },
    stdin: Readable.from([]),
    cwd: path.resolve(__dirname, '../test/fixtures'),
    env: {},
    onInterrupt: () => () => undefined,
    isolateStdout: () => undefined,
    out: () => stdout,
    err: () => stderr,
  };
}

describe('main (in-process)', () => {
  it('prints the version and exits 0', async () => {
    const io = fakeIo();
    expect(await main(['--version'], io)).toBe(0);
    expect(io.out()).toMatch(/^\d+\.\d+\.\d+\n$/);
  });

  it('exits 2 on a usage error, with the message on stderr', async () => {
    const io = fakeIo();
    expect(await main(['validate'], io)).toBe(2);
    expect(io.err()).toContain("missing required argument 'module'");
  });

  it('exits 2 with a load error resolved against the io cwd', async () => {
    const io = fakeIo();
    expect(await main(['validate', 'js/no-export.js'], io)).toBe(2);
    expect(io.err()).toContain('error [no_registry_export]: js/no-export.js exports no tool registry.');
  });
});
