import { isReadOnlyKind } from './is-read-only-kind';
import { kindOfDialectTool } from './dialect-kinds';
import { TOOL_KINDS, type ToolKind } from './tool-kind';
import { TOOL_LABELS, toolLabel } from './tool-label';

describe('toolLabel', () => {
  it('gives every kind a non-empty label, and other reads "Tool"', () => {
    for (const kind of TOOL_KINDS) expect(toolLabel(kind)).toMatch(/^\S/);
    expect(toolLabel('other')).toBe('Tool');
    expect(Object.keys(TOOL_LABELS).sort()).toEqual([...TOOL_KINDS].sort());
  });

  it('labels codex read_file and opencode Read both as "Read"', () => {
    expect(toolLabel(kindOfDialectTool('codex', 'read_file')!)).toBe('Read');
    expect(toolLabel(kindOfDialectTool('opencode', 'Read')!)).toBe('Read');
    expect(toolLabel(kindOfDialectTool('opencode', 'read')!)).toBe('Read');
    expect(toolLabel(kindOfDialectTool('native', 'read_file')!)).toBe('Read');
  });

  it('is exhaustive: a label table missing a kind does not compile', () => {
    // @ts-expect-error -- `write` and the other kinds have no label here.
    const partial: Record<ToolKind, string> = { read: 'Read' };
    expect(partial.read).toBe('Read');
  });
});

describe('isReadOnlyKind', () => {
  it('holds for kinds that only observe and not for those that change things', () => {
    expect(
      ['read', 'list', 'glob', 'search', 'fetch', 'web_search'].every((k) => isReadOnlyKind(k as ToolKind)),
    ).toBe(true);
    expect(
      ['write', 'edit', 'patch', 'delete', 'shell', 'other'].some((k) => isReadOnlyKind(k as ToolKind)),
    ).toBe(false);
  });
});
