import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import * as path from 'node:path';

// class-validator (with validator.js and libphonenumber, ~3 MB of heap) loads only when a format
// check or a class-validator decorator needs it. Checked in a fresh process on the built packages,
// since jest's module registry cannot tell what a plain `require` would have loaded.
const ROOT = path.resolve(__dirname, '../../../..');
const BUILT = ['packages/core/dist/index.js', 'packages/mcp/dist/index.js'];

// Decorators applied by hand (the script is plain JavaScript): `design:type` as tsc would emit it.
const SCRIPT = `
require('reflect-metadata');
const { Param, decodeArgs } = require('@toolwright/core');
const loaded = () => Object.keys(require.cache).some((file) => file.includes('/node_modules/class-validator/'));
require('@toolwright/mcp');
const report = { afterImport: loaded() };
function declare(name, options) {
  const Args = { [name]: class {} }[name];
  Reflect.defineMetadata('design:type', String, Args.prototype, 'value');
  Param(options)(Args.prototype, 'value');
  return Args;
}
(async () => {
  const Plain = declare('Plain', { description: 'a value', minLength: 1 });
  report.plain = (await decodeArgs(Plain, '{"value":"x"}')).value;
  report.afterPlainDecode = loaded();
  const Email = declare('Email', { description: 'an address', format: 'email' });
  report.email = (await decodeArgs(Email, '{"value":"a@example.com"}')).value;
  report.refused = await decodeArgs(Email, '{"value":"not an address"}').then(() => 'accepted', (e) => e.kind);
  report.afterFormatDecode = loaded();
  process.stdout.write(JSON.stringify(report));
})();
`;

describe('class-validator is loaded on first use', () => {
  it('is not loaded by importing core and mcp or by decoding without a format, and is once a format check runs', () => {
    for (const file of BUILT) {
      if (!existsSync(path.join(ROOT, file)))
        throw new Error(`${file} is missing: build first (npm run build)`);
    }
    const out = execFileSync(process.execPath, ['-e', SCRIPT], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(JSON.parse(out)).toEqual({
      afterImport: false,
      plain: 'x',
      afterPlainDecode: false,
      email: 'a@example.com',
      refused: 'invalid_arguments',
      afterFormatDecode: true,
    });
  });
});
