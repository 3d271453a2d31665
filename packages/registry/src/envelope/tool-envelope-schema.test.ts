import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { toolEnvelope } from './tool-envelope';
import { toolEnvelopeSchema } from './tool-envelope-schema';

// `UPDATE_SCHEMAS=1 npx jest packages/registry/src/envelope` rewrites the checked-in file from the code.
const FILE = join(__dirname, '..', '..', 'schemas', 'tool-envelope.schema.json');
const generated = `${JSON.stringify(toolEnvelopeSchema(), null, 2)}\n`;
if (process.env['UPDATE_SCHEMAS'] === '1') writeFileSync(FILE, generated);

describe('the tool envelope JSON Schema', () => {
  it('is checked in exactly as the code generates it', () => {
    // Compared as data, so formatting the file (prettier) does not matter; any change of content does.
    expect(JSON.parse(readFileSync(FILE, 'utf8'))).toEqual(JSON.parse(generated));
  });

  it('accepts what toolEnvelope writes, for every namespace and with input', () => {
    const validate = new Ajv({ strict: true }).compile(JSON.parse(readFileSync(FILE, 'utf8')) as object);
    for (const namespace of ['native', 'codex', 'opencode', 'mcp', 'user', 'internal']) {
      const envelope = toolEnvelope(
        { name: 'read_file', namespace },
        { path: 'a.ts', command: 'x'.repeat(1000) },
      );
      expect(validate(envelope)).toBe(true);
    }
  });

  it('admits a kind it does not know but not a namespace', () => {
    const validate = new Ajv({ strict: true }).compile(toolEnvelopeSchema());
    const base = { version: 1, name: 'x', label: 'X', readOnly: false };
    expect(validate({ ...base, kind: 'teleport', namespace: 'native' })).toBe(true);
    expect(validate({ ...base, kind: 'read', namespace: 'vendor' })).toBe(false);
  });
});
