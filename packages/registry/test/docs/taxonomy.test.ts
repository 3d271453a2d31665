import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  decodeToolEnvelope,
  isReadOnlyKind,
  kindOfDialectTool,
  TOOL_ENVELOPE_KEY,
  toolEnvelope,
  toolEnvelopeSchema,
  ToolEnvelopeError,
  toolLabel,
  type ToolKind,
} from '../../src';

describe('docs: taxonomy', () => {
  it('labels the dialects alike', () => {
    // #region labels
    toolLabel(kindOfDialectTool('codex', 'read_file')!); // 'Read'
    toolLabel(kindOfDialectTool('opencode', 'Read')!); // 'Read'
    toolLabel(kindOfDialectTool('opencode', 'Bash')!); // 'Shell'
    toolLabel(kindOfDialectTool('codex', 'shell')!); // 'Shell'
    isReadOnlyKind('read'); // true
    isReadOnlyKind('edit'); // false

    // A kind without a label does not compile:
    // @ts-expect-error -- Property 'write' is missing (and every other kind).
    const labels: Record<ToolKind, string> = { read: 'Read' };
    // #endregion
    expect(labels.read).toBe('Read');
    expect(toolLabel(kindOfDialectTool('codex', 'read_file')!)).toBe('Read');
    expect(toolLabel(kindOfDialectTool('opencode', 'Read')!)).toBe('Read');
    expect(toolLabel(kindOfDialectTool('opencode', 'Bash')!)).toBe('Shell');
    expect(toolLabel(kindOfDialectTool('codex', 'shell')!)).toBe('Shell');
    expect([isReadOnlyKind('read'), isReadOnlyKind('edit')]).toEqual([true, false]);
  });

  it('builds the envelope of a call', () => {
    // #region envelope
    const envelope = toolEnvelope(
      { name: 'apply_patch', namespace: 'codex' },
      { input: '*** Begin Patch …', path: 'src/a.ts', workdir: '/repo' },
    );
    // {
    //   version: 2, name: 'apply_patch', kind: 'patch', label: 'Patch', namespace: 'codex', readOnly: false,
    //   input: { path: 'src/a.ts', cwd: '/repo' },   ← never the patch itself
    // }
    const meta = { [TOOL_ENVELOPE_KEY]: envelope }; // as in an MCP tool's _meta: { 'toolwright/tool': … }
    // #endregion
    expect(envelope).toEqual({
      version: 2,
      name: 'apply_patch',
      kind: 'patch',
      label: 'Patch',
      namespace: 'codex',
      readOnly: false,
      input: { path: 'src/a.ts', cwd: '/repo' },
    });
    expect(Object.keys(meta)).toEqual(['toolwright/tool']);
  });

  it('falls back to a bounded raw input when no key projects', () => {
    // #region raw-input
    const deploy = toolEnvelope(
      { name: 'deploy', kind: 'other', namespace: 'mcp' },
      { service: 'api', replicas: 3, notes: 'line one\nline two', content: '…' },
    );
    // { …, input: {}, rawInput: { service: 'api', replicas: 3 } }   ← no multi-line text, no payload fields

    const edit = toolEnvelope(
      { name: 'update_doc', kind: 'edit', namespace: 'mcp' },
      { doc: 'd1', value: 'x' },
    );
    // { …, kind: 'edit', input: {} }   ← a kind that carries payloads never gets a rawInput
    // #endregion
    expect(deploy.input).toEqual({});
    expect(deploy.rawInput).toEqual({ service: 'api', replicas: 3 });
    expect(edit).not.toHaveProperty('rawInput');
  });

  it('decodes envelopes from elsewhere', () => {
    let refused = '';
    // #region decode
    decodeToolEnvelope({
      version: 1,
      name: 'x',
      kind: 'teleport',
      label: 'Teleport',
      namespace: 'native',
      readOnly: false,
    });
    // { …, kind: 'other', label: 'Teleport' } — a newer kind does not break an older reader

    try {
      decodeToolEnvelope({
        version: 1,
        name: 'x',
        kind: 'read',
        label: 'Read',
        namespace: 'vendor',
        readOnly: true,
      });
    } catch (error) {
      // ToolEnvelopeError: Unknown tool namespace "vendor" in the envelope of x; known namespaces: native, …
      refused = (error as ToolEnvelopeError).field; // 'namespace': a new family of tools does not pass unnoticed
    }
    // #endregion
    expect(
      decodeToolEnvelope({
        version: 1,
        name: 'x',
        kind: 'teleport',
        label: 'Teleport',
        namespace: 'native',
        readOnly: false,
      }),
    ).toMatchObject({ kind: 'other', label: 'Teleport' });
    expect(() =>
      decodeToolEnvelope({
        version: 1,
        name: 'x',
        kind: 'read',
        label: 'Read',
        namespace: 'vendor',
        readOnly: true,
      }),
    ).toThrow(ToolEnvelopeError);
    expect(refused).toBe('namespace');
  });

  it('keeps the checked-in schema equal to the code', () => {
    const file = join(__dirname, '..', '..', 'schemas', 'tool-envelope.schema.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(toolEnvelopeSchema());
  });
});
