import { closestName as forProperties } from '../decode/closest-name';
import { closestName } from './closest-name';
import { editDistance } from './edit-distance';

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

describe('closestName, the one suggestion rule', () => {
  it('is what argument errors suggest for an unknown property', () => {
    expect(forProperties).toBe(closestName);
  });

  it('treats a swap of neighbours as one edit and ignores case in the distance', () => {
    expect(closestName('ofsfet', ['offset'])).toBe('offset');
    expect(closestName('Raed_File', ['read_file'])).toBe('read_file');
  });

  it('compares names up to 128 characters, and none longer', () => {
    const long = 'a'.repeat(100);
    expect(closestName(`${long}x`, [`${long}y`])).toBe(`${long}y`);
    expect(closestName('a'.repeat(129), ['a'.repeat(128)])).toBeUndefined();
  });

  it('takes a maximum distance', () => {
    expect(closestName('raed_fiel', ['read_file'], { maxDistance: 1 })).toBeUndefined();
    expect(closestName('raed_fiel', ['read_file'], { maxDistance: 2 })).toBe('read_file');
  });

  it('asked for a unique answer, gives none on a tie', () => {
    expect(closestName('cat', ['bat', 'hat'], { unique: true })).toBeUndefined();
    expect(closestName('cats', ['bat', 'cat'], { unique: true, maxDistance: 2 })).toBe('cat');
    expect(closestName('ReadFile', ['read_file', 'read-file'], { unique: true })).toBeUndefined();
    expect(closestName('ReadFile', ['read_file', 'write_file'], { unique: true })).toBe('read_file');
  });
});

describe('editDistance', () => {
  it('counts a swap once and stops at a limit', () => {
    expect(editDistance('raed', 'read')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('kitten', 'sitting', 2)).toBe(2);
    expect(editDistance('abcdef', 'badcfe', 4)).toBe(3);
  });
});
