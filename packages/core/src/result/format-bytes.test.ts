import { formatBytes } from './format-bytes';

describe('formatBytes', () => {
  it.each([
    [512, '512 bytes'],
    [1024, '1 KiB'],
    [1536, '1.5 KiB'],
    [3 * 1024 * 1024, '3 MiB'],
  ])('formats %d as %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});
