import { appendPath, formatPath, type PathNode } from './json-path';

describe('formatPath', () => {
  it('writes identifiers with dots, indexes in brackets and other keys quoted', () => {
    const edits: PathNode = { parent: undefined, key: 'edits' };
    const first: PathNode = { parent: edits, key: 0 };
    expect(formatPath(undefined)).toBe('');
    expect(formatPath(undefined, 'offset')).toBe('offset');
    expect(formatPath(first, 'old_string')).toBe('edits[0].old_string');
    expect(formatPath(first, 'a b')).toBe('edits[0]["a b"]');
    expect(formatPath(undefined, '\n')).toBe('["\\n"]');
  });

  it('cuts very long keys', () => {
    expect(formatPath(undefined, 'k '.repeat(100))).toBe(`[${JSON.stringify(`${'k '.repeat(32)}…`)}]`);
  });
});

describe('appendPath', () => {
  it('extends a path text', () => {
    expect(appendPath('', 'a')).toBe('a');
    expect(appendPath('a', 2)).toBe('a[2]');
    expect(appendPath('a[2]', 'b')).toBe('a[2].b');
  });
});
