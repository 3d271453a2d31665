import fc from 'fast-check';
import { codePointLength, describeIllFormed, isWellFormed } from './unicode';
import { utf8Length } from './utf8-length';

describe('codePointLength', () => {
  it('counts a surrogate pair as one character, as JSON Schema does', () => {
    expect(codePointLength('')).toBe(0);
    expect(codePointLength('abc')).toBe(3);
    expect(codePointLength('😀a𝄞')).toBe(3);
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (s) => expect(codePointLength(s)).toBe([...s].length)),
    );
  });
});

describe('isWellFormed and describeIllFormed', () => {
  it('find the first lone surrogate', () => {
    expect(isWellFormed('a😀')).toBe(true);
    expect(isWellFormed('a\ud800')).toBe(false);
    expect(describeIllFormed('😀\ud800')).toBe('a string with a lone surrogate (U+D800) at index 2');
    expect(describeIllFormed('x\ude00')).toBe('a string with a lone surrogate (U+DE00) at index 1');
  });
});

describe('utf8Length', () => {
  it('equals the length of the UTF-8 encoding', () => {
    const encoder = new TextEncoder();
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => expect(utf8Length(s)).toBe(encoder.encode(s).length)),
    );
  });
});
