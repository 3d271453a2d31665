import { scrubText } from './scrub-text';

describe('scrubText', () => {
  it('replaces every occurrence of each secret', () => {
    expect(scrubText('key sk-abcdef used twice: sk-abcdef', ['sk-abcdef'])).toBe(
      'key [redacted] used twice: [redacted]',
    );
  });

  it('removes a secret containing another one whole', () => {
    expect(scrubText('token=abcd1234', ['abcd', 'abcd1234'])).toBe('token=[redacted]');
  });

  it('ignores values shorter than 4 characters and non-strings', () => {
    expect(scrubText('id 42 is on', ['42', 'on', 7 as unknown as string])).toBe('id 42 is on');
  });

  it('keeps what it collected when the iterable throws part-way', () => {
    function* secrets(): Generator<string> {
      yield 'hunter22';
      throw new Error('broken iterable');
    }
    expect(scrubText('password hunter22', secrets())).toBe('password [redacted]');
  });
});
