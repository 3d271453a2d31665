import { deepFreeze, isDeeplyFrozen } from './deep-freeze';

describe('deepFreeze', () => {
  it('freezes every object and array reachable from the value, and returns it', () => {
    const value = { a: [1, { b: 'c' }], d: { e: { f: [] as unknown[] } } };
    expect(deepFreeze(value)).toBe(value);
    expect(Object.isFrozen(value)).toBe(true);
    expect(Object.isFrozen(value.a)).toBe(true);
    expect(Object.isFrozen(value.a[1])).toBe(true);
    expect(Object.isFrozen(value.d.e.f)).toBe(true);
    expect(isDeeplyFrozen(value.d.e)).toBe(true);
  });

  it('freezes a cyclic value once, without overflowing', () => {
    const a: Record<string, unknown> = { name: 'a' };
    const b: Record<string, unknown> = { name: 'b', a };
    a['b'] = b;
    deepFreeze(a);
    expect(Object.isFrozen(a)).toBe(true);
    expect(Object.isFrozen(b)).toBe(true);
  });

  it('freezes a value nested deeper than the stack allows recursion', () => {
    let deep: Record<string, unknown> = {};
    const root = deep;
    for (let depth = 0; depth < 200_000; depth++) {
      const next = {};
      deep['next'] = next;
      deep = next;
    }
    deepFreeze(root);
    expect(Object.isFrozen(deep)).toBe(true);
  });

  it('walks inside a part frozen shallowly before', () => {
    const inner = { c: {} };
    Object.freeze(inner);
    deepFreeze({ inner });
    expect(Object.isFrozen(inner.c)).toBe(true);
  });

  it('leaves primitives alone', () => {
    expect(deepFreeze(5)).toBe(5);
    expect(deepFreeze(null)).toBeNull();
    expect(deepFreeze('x')).toBe('x');
  });
});
