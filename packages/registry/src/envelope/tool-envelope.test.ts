import { ENVELOPE_STRING_LIMIT, projectEnvelopeInput } from './project-envelope-input';
import { toolEnvelope } from './tool-envelope';

describe('toolEnvelope', () => {
  it('classifies a tool by its kind, or by its dialect when it declares none', () => {
    expect(toolEnvelope({ name: 'read_file', namespace: 'codex' })).toEqual({
      version: 2,
      name: 'read_file',
      kind: 'read',
      label: 'Read',
      namespace: 'codex',
      readOnly: true,
    });
    expect(toolEnvelope({ name: 'Read', namespace: 'opencode' }).label).toBe('Read');
    expect(toolEnvelope({ name: 'deploy', kind: 'shell', readOnly: false })).toMatchObject({
      kind: 'shell',
      label: 'Shell',
      namespace: 'native',
      readOnly: false,
    });
    expect(toolEnvelope({ name: 'mystery', namespace: 'mcp' })).toMatchObject({
      kind: 'other',
      label: 'Tool',
    });
  });

  it('keeps only small cross-dialect keys of the input, never contents or edit payloads', () => {
    const envelope = toolEnvelope(
      { name: 'edit', kind: 'edit' },
      {
        file_path: 'src/a.ts',
        old_string: 'secret',
        new_string: 'x',
        content: 'all of it',
        patch: '*** Begin',
      },
    );
    expect(envelope.input).toEqual({ path: 'src/a.ts' });
  });

  it('reads the dialects’ names for the same thing', () => {
    expect(projectEnvelopeInput({ filePath: 'a.ts' })).toEqual({ path: 'a.ts' });
    expect(projectEnvelopeInput({ dir_path: 'src' })).toEqual({ path: 'src' });
    expect(projectEnvelopeInput({ command: ['bash', '-lc', 'ls'], workdir: '/w' })).toEqual({
      command: 'bash -lc ls',
      cwd: '/w',
    });
    expect(projectEnvelopeInput('{"url":"https://example.com","query":"x"}')).toEqual({
      url: 'https://example.com',
      query: 'x',
    });
    expect(projectEnvelopeInput({ pattern: 42, path: { nested: true } })).toEqual({});
    expect(projectEnvelopeInput('not json')).toEqual({});
    expect(projectEnvelopeInput(null)).toEqual({});
  });

  it('caps long strings on a code point boundary, with a marker', () => {
    const long = '😀'.repeat(ENVELOPE_STRING_LIMIT);
    const { command } = projectEnvelopeInput({ command: long });
    expect(command!.length).toBeLessThanOrEqual(ENVELOPE_STRING_LIMIT);
    expect(command!.endsWith('…')).toBe(true);
    expect(command).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it('refuses a namespace outside the closed set', () => {
    expect(() => toolEnvelope({ name: 'x', namespace: 'vendor' })).toThrow(/Unknown tool namespace "vendor"/);
  });
});
