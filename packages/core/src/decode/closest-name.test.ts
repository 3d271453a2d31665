import { closestName } from './closest-name';

describe('closestName', () => {
  const names = ['path', 'offset', 'limit', 'old_string', 'new_string'];

  it('matches another case or separator style', () => {
    expect(closestName('oldString', names)).toBe('old_string');
    expect(closestName('OFFSET', names)).toBe('offset');
    expect(closestName('new-string', names)).toBe('new_string');
  });

  it('matches small typos, scaled to the length of the key', () => {
    expect(closestName('ofset', names)).toBe('offset');
    expect(closestName('limt', names)).toBe('limit');
    expect(closestName('pth', names)).toBe('path');
    expect(closestName('file', names)).toBeUndefined();
    expect(closestName('x', names)).toBeUndefined();
  });

  it('gives up on long keys', () => {
    expect(closestName('p'.repeat(10_000), names)).toBeUndefined();
  });
});
