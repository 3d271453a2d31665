import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import fc from 'fast-check';
import { isPayloadField } from '../taxonomy/payload-fields';
import { boundRawInput, RAW_INPUT_LIMIT } from './bound-raw-input';
import { decodeToolEnvelope } from './decode-tool-envelope';
import { ENVELOPE_STRING_LIMIT } from './project-envelope-input';
import { toolEnvelope } from './tool-envelope';

const SCHEMA = JSON.parse(
  readFileSync(join(__dirname, '..', '..', 'schemas', 'tool-envelope.schema.json'), 'utf8'),
) as object;

describe('the envelope rawInput fallback', () => {
  it('shows the input of a call no cross-dialect key projects', () => {
    const envelope = toolEnvelope(
      { name: 'deploy', kind: 'other' },
      { service: 'api', replicas: 3, dry_run: true, regions: ['eu', 'us'] },
    );
    expect(envelope.input).toEqual({});
    expect(envelope.rawInput).toEqual({ service: 'api', replicas: 3, dry_run: true, regions: ['eu', 'us'] });
  });

  it('is absent when a key projects, and for a kind that carries payloads', () => {
    expect(toolEnvelope({ name: 'grep', kind: 'search' }, { pattern: 'x', flags: 'i' })).not.toHaveProperty(
      'rawInput',
    );
    const edit = toolEnvelope(
      { name: 'patch_doc', kind: 'edit' },
      { doc_id: 'd1', replacement_value: 'secret' },
    );
    expect(edit.input).toEqual({});
    expect(edit).not.toHaveProperty('rawInput');
    expect(toolEnvelope({ name: 'deploy', kind: 'other' })).not.toHaveProperty('rawInput');
  });

  it('drops payload fields at any depth, in every spelling, and multi-line strings', () => {
    const envelope = toolEnvelope(
      { name: 'sync', kind: 'other' },
      {
        target: { id: 7, content: 'all of the file', newString: 'x' },
        new_string: 'edit payload',
        'File-Text': 'x',
        note: 'line one\nline two',
        label: 'kept',
      },
    );
    expect(envelope.rawInput).toEqual({ target: { id: 7 }, label: 'kept' });
  });

  it('caps strings and the whole, keeping whole fields in order', () => {
    const long = 'x'.repeat(1000);
    const input: Record<string, unknown> = { first: long };
    for (let i = 0; i < 200; i += 1) input[`field${i}`] = `value ${i}`;
    const raw = boundRawInput(input)!;
    expect(JSON.stringify(raw).length).toBeLessThanOrEqual(RAW_INPUT_LIMIT);
    expect((raw['first'] as string).length).toBe(ENVELOPE_STRING_LIMIT);
    expect((raw['first'] as string).endsWith('…')).toBe(true);
    expect(raw['field0']).toBe('value 0');
    expect(Object.keys(raw).length).toBeLessThan(60);
  });

  it('reads JSON text, and drops reserved names, long names and deep values', () => {
    const raw = boundRawInput(
      `{"__proto__":{"polluted":true},"${'k'.repeat(65)}":1,"a":{"b":{"c":1,"d":{"e":1}}},"ok":1}`,
    );
    expect(raw).toEqual({ a: { b: { c: 1 } }, ok: 1 });
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(boundRawInput('not json')).toBeUndefined();
    expect(boundRawInput([1, 2])).toBeUndefined();
    expect(boundRawInput({ content: 'x' })).toBeUndefined();
  });

  it('is bounded again when an envelope is read, whatever the sender put in it', () => {
    const decoded = decodeToolEnvelope({
      version: 2,
      name: 'sync',
      kind: 'other',
      label: 'Tool',
      namespace: 'mcp',
      readOnly: false,
      rawInput: { content: 'secret', note: 'a\nb', id: 'x'.repeat(900), ok: true },
    });
    expect(Object.keys(decoded.rawInput!)).toEqual(['id', 'ok']);
    expect((decoded.rawInput!['id'] as string).length).toBe(ENVELOPE_STRING_LIMIT);
    const edit = decodeToolEnvelope({
      version: 2,
      name: 'write',
      kind: 'write',
      label: 'Write',
      namespace: 'mcp',
      readOnly: false,
      rawInput: { doc: 'x' },
    });
    expect(edit).not.toHaveProperty('rawInput');
  });

  it('always gives an envelope the checked-in schema accepts, within its limits and without payloads', () => {
    const validate = new Ajv({ strict: true }).compile(SCHEMA);
    const key = fc.oneof(
      fc.string({ maxLength: 8 }),
      fc.constantFrom('content', 'old_string', 'newString', 'patch', 'input', 'id', 'mode', '__proto__'),
    );
    const input = fc.dictionary(key, fc.jsonValue({ maxDepth: 4 }), { maxKeys: 30 });
    fc.assert(
      fc.property(input, fc.constantFrom('other', 'shell', 'edit', 'query'), (value, kind) => {
        const envelope = toolEnvelope({ name: 'tool', kind }, value);
        expect(validate(envelope)).toBe(true);
        if (envelope.rawInput === undefined) return;
        expect(JSON.stringify(envelope.rawInput).length).toBeLessThanOrEqual(RAW_INPUT_LIMIT);
        const pending: unknown[] = [envelope.rawInput];
        while (pending.length > 0) {
          const next = pending.pop();
          if (typeof next === 'string') expect(next).not.toMatch(/[\n\r]/);
          if (typeof next !== 'object' || next === null) continue;
          for (const [name, item] of Object.entries(next)) {
            if (!Array.isArray(next)) expect(isPayloadField(name)).toBe(false);
            pending.push(item);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
