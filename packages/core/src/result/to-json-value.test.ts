import { toJsonValue } from './to-json-value';

describe('toJsonValue', () => {
  it('follows JSON.stringify for ordinary values', () => {
    const value = { a: 1, b: undefined, c: [undefined, Number.NaN], d: new Date(0), e: 'x', f: null };
    expect(toJsonValue(value)).toEqual({ ok: true, value: JSON.parse(JSON.stringify(value)) });
  });

  it('turns a Set into an array and a string-keyed Map into an object', () => {
    expect(toJsonValue({ tags: new Set(['a', 'b']), counts: new Map([['x', 1]]) })).toEqual({
      ok: true,
      value: { tags: ['a', 'b'], counts: { x: 1 } },
    });
    expect(toJsonValue(new Map([[1, 'a']]))).toEqual({
      ok: false,
      path: '$',
      reason: 'a Map with non-string keys has no JSON form',
    });
  });

  it('accepts shared references that are not cycles', () => {
    const shared = { n: 1 };
    expect(toJsonValue([shared, shared])).toEqual({ ok: true, value: [{ n: 1 }, { n: 1 }] });
  });

  it('copies an own __proto__ key as data', () => {
    const parsed = JSON.parse('{"__proto__": {"polluted": true}}') as object;
    const conversion = toJsonValue(parsed);
    expect(conversion.ok).toBe(true);
    const copy = (conversion as { value: object }).value;
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(JSON.stringify(copy)).toBe('{"__proto__":{"polluted":true}}');
  });

  it('quotes keys that are not identifiers in paths', () => {
    expect(toJsonValue({ 'file name': { size: 1n } })).toEqual({
      ok: false,
      path: '$["file name"].size',
      reason: 'a bigint has no JSON form (convert it to a string)',
    });
  });

  it('reports a throwing toJSON and a hostile Proxy instead of throwing', () => {
    const proxy = new Proxy(
      {},
      {
        get: () => {
          throw new Error('trap');
        },
      },
    );
    expect(toJsonValue({ p: proxy })).toEqual({
      ok: false,
      path: '$.p',
      reason: 'reading it threw an error',
    });
    expect(
      toJsonValue({
        toJSON: () => {
          throw new Error('no');
        },
      }).ok,
    ).toBe(false);
  });
});
