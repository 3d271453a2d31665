import { defaultPrefix, localToolName } from './sanitize-tool-name';

describe('localToolName', () => {
  it('keeps a valid prefixed name as is', () => {
    expect(localToolName('github__', 'list_issues')).toBe('github__list_issues');
  });

  it('replaces characters outside [a-zA-Z0-9_-] and adds a hash so different names stay apart', () => {
    const dotted = localToolName('s__', 'files.read');
    const slashed = localToolName('s__', 'files/read');
    expect(dotted).toMatch(/^s__files_read_[0-9a-z]{7}$/);
    expect(slashed).toMatch(/^s__files_read_[0-9a-z]{7}$/);
    expect(dotted).not.toBe(slashed);
  });

  it('cuts long names to 64 characters, keeping them distinct', () => {
    const first = localToolName('p__', `${'x'.repeat(80)}1`);
    const second = localToolName('p__', `${'x'.repeat(80)}2`);
    expect(first).toHaveLength(64);
    expect(first).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    expect(first).not.toBe(second);
  });
});

describe('defaultPrefix', () => {
  it('derives a prefix from the server name', () => {
    expect(defaultPrefix('GitHub MCP')).toBe('GitHub_MCP__');
    expect(defaultPrefix(undefined)).toBe('mcp__');
    expect(defaultPrefix('  ')).toBe('mcp__');
  });
});
