import { describeExpected } from './describe-expected';

describe('describeExpected', () => {
  it('describes strings with their bounds, pattern and format', () => {
    expect(describeExpected({ kind: 'string' })).toBe('a string');
    expect(describeExpected({ kind: 'string', minLength: 1 })).toBe('a string of at least 1 character');
    expect(describeExpected({ kind: 'string', maxLength: 5 })).toBe('a string of at most 5 characters');
    expect(describeExpected({ kind: 'string', minLength: 2, maxLength: 2 })).toBe(
      'a string of exactly 2 characters',
    );
    expect(
      describeExpected({ kind: 'string', minLength: 1, maxLength: 9, pattern: '^[a-z]+$', format: 'email' }),
    ).toBe('a string of 1 to 9 characters matching /^[a-z]+$/ in email format');
  });

  it('describes numbers with their bounds', () => {
    expect(describeExpected({ kind: 'number', integer: true, minimum: 1 })).toBe('an integer >= 1');
    expect(describeExpected({ kind: 'number', integer: true, minimum: 1, maximum: 10000 })).toBe(
      'an integer from 1 to 10000',
    );
    expect(describeExpected({ kind: 'number', integer: false, exclusiveMinimum: 0, maximum: 1 })).toBe(
      'a number > 0 and <= 1',
    );
    expect(describeExpected({ kind: 'number', integer: true, multipleOf: 5 })).toBe(
      'an integer a multiple of 5',
    );
  });

  it('describes enums, booleans and arrays', () => {
    expect(describeExpected({ kind: 'enum', values: ['a', 1] })).toBe('one of "a", 1');
    expect(describeExpected({ kind: 'enum', values: ['only'] })).toBe('exactly "only"');
    expect(describeExpected({ kind: 'boolean' })).toBe('a boolean (true or false)');
    expect(
      describeExpected({
        kind: 'array',
        items: { kind: 'string' },
        minItems: 1,
        maxItems: 3,
        uniqueItems: true,
      }),
    ).toBe('an array of 1 to 3 strings, all different');
    expect(describeExpected({ kind: 'array', items: { kind: 'number', integer: true } })).toBe(
      'an array of integers',
    );
  });
});
