import { escapeData, escapeProperty, githubAnnotation } from './github-annotation';

describe('githubAnnotation', () => {
  it('escapes %, CR and LF in the message so one problem stays one annotation', () => {
    expect(githubAnnotation('error', '100% broken\r\nFix: this')).toBe(
      '::error::100%25 broken%0D%0AFix: this',
    );
  });

  it('also escapes : and , in property values', () => {
    expect(githubAnnotation('error', 'm', { title: 'validate: a, b', file: 'src/a.ts', line: 3 })).toBe(
      '::error title=validate%3A a%2C b,file=src/a.ts,line=3::m',
    );
  });

  it('escapes % first, so an escape is never escaped twice', () => {
    expect(escapeData('%0A\n')).toBe('%250A%0A');
    expect(escapeProperty('%3A:')).toBe('%253A%3A');
  });
});
