import { decodeToolEnvelope } from './decode-tool-envelope';
import { toolEnvelope } from './tool-envelope';
import { ToolEnvelopeError } from './tool-envelope-error';

describe('decodeToolEnvelope', () => {
  it('reads back what toolEnvelope writes', () => {
    const envelope = toolEnvelope(
      { name: 'grep_files', namespace: 'codex' },
      { pattern: 'TODO', path: 'src' },
    );
    expect(decodeToolEnvelope(JSON.parse(JSON.stringify(envelope)))).toEqual(envelope);
  });

  it('turns an unknown kind into other, keeping the sender’s label', () => {
    const decoded = decodeToolEnvelope({
      version: 1,
      name: 'teleport',
      kind: 'teleport',
      label: 'Teleport',
      namespace: 'native',
      readOnly: false,
    });
    expect(decoded).toMatchObject({ kind: 'other', label: 'Teleport' });
  });

  it('refuses an unknown namespace, naming it', () => {
    const decode = () =>
      decodeToolEnvelope({
        version: 1,
        name: 'x',
        kind: 'read',
        label: 'Read',
        namespace: 'vendor',
        readOnly: true,
      });
    expect(decode).toThrow(ToolEnvelopeError);
    expect(decode).toThrow(/Unknown tool namespace "vendor" in the envelope of x/);
  });

  it('refuses what is not an envelope', () => {
    expect(() => decodeToolEnvelope(null)).toThrow(ToolEnvelopeError);
    expect(() => decodeToolEnvelope({ version: 0, name: 'x', namespace: 'native' })).toThrow(/version/);
    expect(() => decodeToolEnvelope({ version: 1, name: '', namespace: 'native' })).toThrow(/name/);
  });

  it('re-projects the input: unknown keys dropped, strings capped', () => {
    const decoded = decodeToolEnvelope({
      version: 1,
      name: 'write',
      kind: 'write',
      label: 'Write',
      namespace: 'native',
      readOnly: false,
      input: { path: 'a', content: 'never' },
    });
    expect(decoded.input).toEqual({ path: 'a' });
  });
});
