import fc from 'fast-check';
import { appendPath, formatPath, pathKeys, type PathNode } from './json-path';

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

describe('pathKeys', () => {
  it('reads back the keys of every path formatPath writes', () => {
    const edits: PathNode = { parent: undefined, key: 'edits' };
    const first: PathNode = { parent: edits, key: 0 };
    expect(pathKeys('')).toEqual([]);
    expect(pathKeys(formatPath(undefined, 'offset'))).toEqual(['offset']);
    expect(pathKeys(formatPath(first, 'old_string'))).toEqual(['edits', 0, 'old_string']);
    expect(pathKeys(formatPath(first, 'a b'))).toEqual(['edits', 0, 'a b']);
    expect(pathKeys(formatPath({ parent: undefined, key: 'x]"[y' }, 3))).toEqual(['x]"[y', 3]);
    expect(pathKeys(formatPath(undefined, '\n'))).toEqual(['\n']);
  });

  it('round-trips generated paths', () => {
    const key = fc.oneof(fc.nat(50), fc.string({ maxLength: 20 }), fc.constantFrom('a', 'b_c', '$x'));
    fc.assert(
      fc.property(fc.array(key, { maxLength: 5 }), (keys) => {
        let node: PathNode | undefined;
        for (const k of keys) node = { parent: node, key: k };
        expect(pathKeys(formatPath(node))).toEqual(keys);
      }),
    );
  });
});
