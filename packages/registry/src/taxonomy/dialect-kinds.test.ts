import { DIALECT_TOOL_KINDS, kindOfDialectTool } from './dialect-kinds';
import { isToolKind } from './tool-kind';

describe('kindOfDialectTool', () => {
  it('maps the three vocabularies onto the same kinds', () => {
    const same: [string, string, string][] = [
      // [native, codex, opencode]
      ['read_file', 'read_file', 'Read'],
      ['list_dir', 'list_dir', 'List'],
      ['grep', 'grep_files', 'Grep'],
      ['shell', 'shell', 'Bash'],
      ['apply_patch', 'apply_patch', 'Patch'],
      ['web_search', 'web_search', 'WebSearch'],
    ];
    for (const [native, codex, opencode] of same) {
      const kind = kindOfDialectTool('native', native);
      expect(kind).toBeDefined();
      expect(kindOfDialectTool('codex', codex)).toBe(kind);
      expect(kindOfDialectTool('opencode', opencode)).toBe(kind);
    }
    expect(kindOfDialectTool('opencode', 'WebFetch')).toBe('fetch');
    expect(kindOfDialectTool('opencode', 'TodoWrite')).toBe('todo');
    expect(kindOfDialectTool('opencode', 'Edit')).toBe('edit');
    expect(kindOfDialectTool('opencode', 'Glob')).toBe('glob');
  });

  it('knows nothing for unknown names, prototype keys and namespaces without a dialect', () => {
    expect(kindOfDialectTool('codex', 'Read')).toBeUndefined();
    expect(kindOfDialectTool('codex', 'constructor')).toBeUndefined();
    expect(kindOfDialectTool('opencode', '__proto__')).toBeUndefined();
    expect(kindOfDialectTool('mcp', 'read_file')).toBeUndefined();
    expect(kindOfDialectTool('user', 'read_file')).toBeUndefined();
  });

  it('maps only to known kinds', () => {
    for (const table of Object.values(DIALECT_TOOL_KINDS))
      for (const kind of Object.values(table)) expect(isToolKind(kind)).toBe(true);
  });
});
