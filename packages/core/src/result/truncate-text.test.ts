import { truncateText } from './truncate-text';

describe('truncateText', () => {
  it('returns text within the cap unchanged', () => {
    expect(truncateText('short', 100)).toBe('short');
    expect(truncateText('é'.repeat(50), 100)).toBe('é'.repeat(50));
  });

  it('cuts at a byte cap, never inside a character, and says so', () => {
    expect(truncateText('é'.repeat(10), 5)).toBe(
      'éé\n…[truncated: 20 bytes total, showing the first 5 bytes]',
    );
    expect(truncateText('a😀b', 4)).toBe('a\n…[truncated: 6 bytes total, showing the first 4 bytes]');
  });

  it('uses the default cap of 256 KiB', () => {
    const text = truncateText('x'.repeat(1.2 * 1024 * 1024));
    expect(text.endsWith('\n…[truncated: 1.2 MiB total, showing the first 256 KiB]')).toBe(true);
    expect(text.indexOf('\n')).toBe(256 * 1024);
  });
});
