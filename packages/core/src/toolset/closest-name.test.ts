import { closestName } from './closest-name';

const TOOLS = ['read_file', 'write_file', 'grep', 'list_dir', 'web_search'];

describe('closestName', () => {
  it.each([
    ['raed_file', 'read_file'],
    ['read_fil', 'read_file'],
    ['ReadFile', 'read_file'],
    ['WEB-SEARCH', 'web_search'],
    ['gerp', 'grep'],
    ['list_dirs', 'list_dir'],
  ])('suggests %s → %s', (typo, expected) => {
    expect(closestName(typo, TOOLS)).toBe(expected);
  });

  it.each([['delete_everything'], ['ls'], [''], ['x'.repeat(500)]])('suggests nothing for %s', (name) => {
    expect(closestName(name, TOOLS)).toBeUndefined();
  });

  it('prefers the earlier candidate on a tie', () => {
    expect(closestName('cat', ['bat', 'hat'])).toBe('bat');
  });
});
