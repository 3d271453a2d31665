import { jsonSyntaxIssue } from './json-syntax-issue';

function issueFor(text: string) {
  let error: unknown;
  try {
    JSON.parse(text);
  } catch (thrown) {
    error = thrown;
  }
  return jsonSyntaxIssue(text, error);
}

describe('jsonSyntaxIssue', () => {
  it('is undefined for blank text, which means {}', () => {
    expect(issueFor('')).toBeUndefined();
    expect(issueFor(' \r\n\t')).toBeUndefined();
  });

  it('locates the problem by line and column, and hints at the fix', () => {
    expect(issueFor('{\n  "a": 1,\n}')).toEqual({
      path: '',
      expected: 'a JSON object',
      received: 'invalid JSON at line 3, column 1',
      message: 'found a trailing comma before "}"; remove it',
    });
  });

  it.each([
    ['```json\n{}\n```', 'found a markdown code fence; send the bare JSON object, without ``` fences'],
    ['{"a":[1,2,]}', 'found a trailing comma before "]"; remove it'],
    ["{'a':1}", 'strings and property names need double quotes ("), not single quotes'],
    ['{"a":\'x\'}', 'strings and property names need double quotes ("), not single quotes'],
    ['{a:1}', 'property names need double quotes, like {"name": 1}'],
    ['{"a":1,/* c */"b":2}', 'JSON has no comments; remove them'],
    [
      '{"a":NaN}',
      'NaN, Infinity and undefined are not JSON; send a number, or null, or leave the property out',
    ],
    [
      '{"a":-Infinity}',
      'NaN, Infinity and undefined are not JSON; send a number, or null, or leave the property out',
    ],
    ['{"a":True}', 'use the JSON literals true, false and null'],
    ['{"a":1}{"b":2}', 'found more text after the JSON value; send exactly one JSON object'],
    ['{"a":"b', 'the JSON text ends too early (cut off?); send the complete object'],
    ['{"a":1', 'the JSON text ends too early (cut off?); send the complete object'],
    ['{"a":"x\ty"}', 'line breaks and tabs inside strings must be escaped as \\n and \\t'],
    ['{"a":"\\x"}', 'a string holds an invalid escape; use \\n, \\", \\\\ or \\uXXXX'],
    ['path=a.ts', 'the arguments must be a JSON object, like {"name": "value"}'],
  ])('hints for %j', (text, hint) => {
    expect(issueFor(text)?.message).toBe(hint);
  });

  it('does not take words inside strings for bare words', () => {
    expect(issueFor('{"a":"NaN None",}')?.message).toBe('found a trailing comma before "}"; remove it');
  });
});
