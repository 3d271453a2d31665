import { TestOutputParser } from './test-output-parser';

function parse(output: string) {
  const parser = new TestOutputParser();
  for (const line of output.split('\n')) parser.add(line);
  return parser.counts();
}

describe('TestOutputParser', () => {
  it("reads node --test's spec reporter (Node 24, 26) without counting its list of failing tests twice", () => {
    const output = [
      '✔ greets someone by name (30.045333ms)',
      '✖ greets the world when no name is given (12.713844ms)',
      'ℹ tests 2',
      'ℹ suites 0',
      'ℹ pass 1',
      'ℹ fail 1',
      'ℹ cancelled 0',
      'ℹ skipped 0',
      'ℹ todo 0',
      'ℹ duration_ms 813.633928',
      '',
      '✖ failing tests:',
      '',
      'test at test/greet.test.js:10:1',
      '✖ greets the world when no name is given (12.713844ms)',
      '  AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:',
    ].join('\n');
    expect(parse(output)).toEqual({
      passed: 1,
      failed: 1,
      skipped: 0,
      total: 2,
      failures: ['greets the world when no name is given'],
    });
  });

  it('counts the marks of a spec run still in progress', () => {
    expect(parse('✔ one (1ms)\n✖ two (2ms)')).toEqual({
      passed: 1,
      failed: 1,
      skipped: 0,
      total: undefined,
      failures: ['two'],
    });
  });

  it('reads TAP (node --test --test-reporter=tap)', () => {
    expect(parse('ok 1 - one\nnot ok 2 - two\nok 3 - three # SKIP\n1..3')).toEqual({
      passed: 1,
      failed: 1,
      skipped: 1,
      total: 3,
      failures: ['two'],
    });
  });
});
