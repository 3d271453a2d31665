import { formatProblems } from './format-problems';

const PROBLEMS = [
  {
    message: 'EditArgs.edits: reflection gives Array; say the item type.',
    fix: '@Param({ type: () => [EditOp] }).',
  },
  { message: 'edit and hashline_edit are both registered, but they are exclusive.', fix: 'register one.' },
];

describe('formatProblems', () => {
  it('writes a counted heading, then one item per problem with its fix', () => {
    expect(formatProblems('in tool definitions', PROBLEMS)).toBe(
      [
        '2 problems in tool definitions',
        '',
        '  - EditArgs.edits: reflection gives Array; say the item type.',
        '    Fix: @Param({ type: () => [EditOp] }).',
        '  - edit and hashline_edit are both registered, but they are exclusive.',
        '    Fix: register one.',
      ].join('\n'),
    );
    expect(formatProblems('in the snapshot', PROBLEMS.slice(0, 1)).split('\n')[0]).toBe(
      '1 problem in the snapshot',
    );
  });

  it('wraps items and the note at a width, continuation lines under their item', () => {
    const text = formatProblems('in the tool registry', PROBLEMS, {
      width: 40,
      label: 'FinalizeError: ',
      note: 'A closing paragraph that is longer than forty columns.',
    });
    expect(text).toBe(
      [
        'FinalizeError: 2 problems in the tool registry',
        '',
        '  - EditArgs.edits: reflection gives',
        '    Array; say the item type.',
        '    Fix: @Param({ type: () => [EditOp]',
        '    }).',
        '  - edit and hashline_edit are both',
        '    registered, but they are exclusive.',
        '    Fix: register one.',
        '',
        'A closing paragraph that is longer than',
        'forty columns.',
      ].join('\n'),
    );
  });

  it('styles the parts it writes, and only those', () => {
    const text = formatProblems('in the tool registry', PROBLEMS.slice(1), {
      style: { heading: (t) => `<h>${t}</h>`, bullet: (t) => `<b>${t}</b>`, fix: (t) => `<f>${t}</f>` },
    });
    expect(text).toBe(
      [
        '<h>1 problem in the tool registry</h>',
        '',
        '  <b>-</b> edit and hashline_edit are both registered, but they are exclusive.',
        '    <f>Fix:</f> <f>register one.</f>',
      ].join('\n'),
    );
  });
});
