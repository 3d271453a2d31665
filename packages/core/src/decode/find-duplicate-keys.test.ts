import fc from 'fast-check';
import { countColons, findDuplicateKeys } from './find-duplicate-keys';

describe('countColons', () => {
  it('counts colons, stopping once past the limit', () => {
    expect(countColons('{"a":1,"b":"x:y"}', 10)).toBe(3);
    expect(countColons('{"a":1,"b":"x:y"}', 1)).toBe(2);
    expect(countColons('[]', 0)).toBe(0);
  });
});

describe('findDuplicateKeys', () => {
  it('finds nothing in JSON without repeated keys, whatever its strings hold', () => {
    expect(
      findDuplicateKeys('{"a":"{\\"a\\":1,\\"a\\":2}","b":[{"a":1},{"a":2}],"c":{"a":{"a":1}}}'),
    ).toEqual([]);
  });

  it('names the path of each repeated key, with its count', () => {
    const text = '{"a":1,"b":[{"x":1},{"x":1,"y":2,"x":3,"x":4}],"a":2,"c":{"d":{"e":1,"e":2}}}';
    expect(findDuplicateKeys(text)).toEqual([
      { path: 'b[1].x', count: 3 },
      { path: 'a', count: 2 },
      { path: 'c.d.e', count: 2 },
    ]);
  });

  it('compares keys after unescaping, and quotes keys that are not identifiers', () => {
    expect(findDuplicateKeys('{"k\\u0065y":1,"key":2}')).toEqual([{ path: 'key', count: 2 }]);
    expect(findDuplicateKeys('{"a b":1, "a b" : 2}')).toEqual([{ path: '["a b"]', count: 2 }]);
    expect(findDuplicateKeys('{"\\\\":1,"\\\\":2}')).toEqual([{ path: '["\\\\"]', count: 2 }]);
  });

  it('scans 100,000 levels of nesting without recursion', () => {
    const text = '{"a":'.repeat(100_000) + '{"z":1,"z":2}' + '}'.repeat(100_000);
    const [duplicate] = findDuplicateKeys(text);
    expect(duplicate?.count).toBe(2);
    expect(duplicate?.path.endsWith('.a.z')).toBe(true);
  });

  it('finds no duplicates in anything JSON.stringify writes, and finds an added one', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value);
        expect(findDuplicateKeys(text)).toEqual([]);
        expect(findDuplicateKeys(`{"k":${text},"k":${text}}`)).toEqual([{ path: 'k', count: 2 }]);
      }),
    );
  });
});
