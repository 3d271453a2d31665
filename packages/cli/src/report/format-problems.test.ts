import type { FinalizeProblem } from '@toolwright/registry';
import { stylerFor } from '../io/styler';
import { formatProblems } from './format-problems';

const tty = { isTTY: true, write: () => true } as never;
const colour = stylerFor(tty, { FORCE_COLOR: '1' });
const plain = stylerFor(tty, { NO_COLOR: '1' });

// A message long enough to wrap, whose continuation line starts with the word "Fix:" — a reader
// that re-parsed the text would take it for the fix.
const TRICKY: FinalizeProblem = {
  code: 'invalid_params',
  message: `${'word '.repeat(17)}wordy Fix: not the fix but part of the message`,
  fix: 'the real fix.',
};

describe('formatProblems (the CLI report)', () => {
  it('without colour, is the FinalizeError text with its label', () => {
    expect(formatProblems([TRICKY], plain)).toBe(
      [
        'FinalizeError: 1 problem in the tool registry',
        '',
        `  - ${'word '.repeat(17)}wordy`,
        '    Fix: not the fix but part of the message',
        '    Fix: the real fix.',
      ].join('\n'),
    );
  });

  it('colours the heading, the bullet and the fix as it writes them, never a message line that reads like a fix', () => {
    const red = (text: string): string => `\u001b[31m${text}\u001b[39m`;
    const green = (text: string): string => `\u001b[32m${text}\u001b[39m`;
    const bold = (text: string): string => `\u001b[1m${text}\u001b[22m`;
    expect(formatProblems([TRICKY], colour).split('\n')).toEqual([
      red(bold('FinalizeError: 1 problem in the tool registry')),
      '',
      `  ${red('-')} ${'word '.repeat(17)}wordy`,
      '    Fix: not the fix but part of the message',
      `    ${green('Fix:')} ${green('the real fix.')}`,
    ]);
  });
});
