import { FinalizeError } from './finalize-error';

describe('FinalizeError', () => {
  it('lists every problem with its fix, wrapped and indented under its item', () => {
    const error = new FinalizeError([
      {
        code: 'requirement',
        tool: 'search_replace',
        message:
          'search_replace requires read_file unless params.search_replace.skipReadBeforeEdit is true (it is false), and read_file is not registered.',
        fix: 'register ReadFile, or set skipReadBeforeEdit.',
      },
      {
        code: 'exclusive',
        tool: 'edit',
        message: 'edit and hashline_edit are exclusive.',
        fix: 'register only one.',
      },
    ]);
    expect(`${error.name}: ${error.message}`).toBe(
      [
        'FinalizeError: 2 problems in the tool registry',
        '',
        '  - search_replace requires read_file unless params.search_replace.skipReadBeforeEdit is true',
        '    (it is false), and read_file is not registered.',
        '    Fix: register ReadFile, or set skipReadBeforeEdit.',
        '  - edit and hashline_edit are exclusive.',
        '    Fix: register only one.',
      ].join('\n'),
    );
    expect(error.problems).toHaveLength(2);
    expect(error).toBeInstanceOf(Error);
  });

  it('says "1 problem" for one', () => {
    expect(new FinalizeError([{ code: 'template', message: 'm.', fix: 'f.' }]).message).toMatch(
      /^1 problem in the tool registry/,
    );
  });
});
