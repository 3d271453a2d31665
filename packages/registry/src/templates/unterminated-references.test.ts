import { unterminatedReferences } from './unterminated-references';

describe('unterminatedReferences', () => {
  it('finds a reference closed with one brace, or not at all, and ignores complete ones', () => {
    expect(
      unterminatedReferences(
        'Use ${{ tools.read_file } first, then ${{ tools.edit }} with ${{ params.edit.old_string\nand more.',
      ),
    ).toEqual(['${{ tools.read_file }', '${{ params.edit.old_string']);
  });

  it('finds nothing in a description without templates or with complete ones only', () => {
    expect(unterminatedReferences('Read a file.')).toEqual([]);
    expect(unterminatedReferences('Use ${{ tools.read_file }} and ${{params.edit.old_string}}.')).toEqual([]);
  });

  it('shortens a long unterminated reference', () => {
    const [written] = unterminatedReferences(`Before \${{ tools.${'x'.repeat(80)}`);
    expect(written).toHaveLength(40);
    expect(written!.endsWith('…')).toBe(true);
  });
});
