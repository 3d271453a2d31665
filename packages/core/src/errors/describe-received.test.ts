import { describeReceived } from './describe-received';

describe('describeReceived', () => {
  it.each([
    [undefined, 'nothing'],
    [null, 'null'],
    ['', '"" (empty string)'],
    ['   ', '"   " (only whitespace)'],
    ['ten', '"ten"'],
    [5.5, '5.5'],
    [Number.NaN, 'NaN'],
    [true, 'true'],
    [12n, '12n'],
    [[], 'an empty array'],
    [[1], 'an array of 1 item'],
    [[1, 2, 3], 'an array of 3 items'],
    [{}, 'an empty object'],
    [{ a: 1 }, 'an object'],
    [() => 1, 'a function'],
  ])('describes %p as %s', (value, expected) => {
    expect(describeReceived(value)).toBe(expected);
  });

  it('quotes short strings exactly as JSON.stringify does, escapes included', () => {
    for (const text of [
      'a"b',
      'a\\b',
      'tab\there',
      'line\nbreak',
      '\u0000',
      'a\u2028b',
      '😀',
      '\ud800',
      'é',
    ]) {
      expect(describeReceived(text)).toBe(JSON.stringify(text));
    }
  });

  it('truncates long strings and says how long they were', () => {
    expect(describeReceived('x'.repeat(5000))).toBe(`"${'x'.repeat(40)}…" (5,000 characters)`);
  });

  it('never cuts a surrogate pair', () => {
    const text = `${'a'.repeat(39)}😀${'b'.repeat(10)}`;
    expect(describeReceived(text)).toBe(`"${'a'.repeat(39)}…" (51 characters)`);
  });

  it('never throws on a hostile Proxy', () => {
    const proxy = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('no');
        },
      },
    );
    expect(describeReceived(proxy)).toBe('an unreadable value');
  });
});
