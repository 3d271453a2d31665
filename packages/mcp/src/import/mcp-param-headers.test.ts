import fc from 'fast-check';
import { paramHeaders, scanParamHeaders } from './mcp-param-headers';

function decoded(value: string): string {
  const wrapped = /^=\?base64\?(.*)\?=$/.exec(value);
  return wrapped === null ? value : Buffer.from(wrapped[1]!, 'base64').toString('utf8');
}

describe('scanParamHeaders', () => {
  it('finds declarations on properties reached through "properties", nested too', () => {
    const scan = scanParamHeaders({
      type: 'object',
      properties: {
        region: { type: 'string', 'x-mcp-header': 'Region' },
        options: { type: 'object', properties: { debug: { type: 'boolean', 'x-mcp-header': 'Debug' } } },
      },
    });
    expect(scan).toEqual({
      ok: true,
      declarations: [
        { path: ['region'], name: 'Region' },
        { path: ['options', 'debug'], name: 'Debug' },
      ],
    });
  });

  it.each([
    [
      'an empty name',
      { type: 'object', properties: { a: { type: 'string', 'x-mcp-header': '' } } },
      /non-empty/,
    ],
    [
      'a space in the name',
      { type: 'object', properties: { a: { type: 'string', 'x-mcp-header': 'A B' } } },
      /HTTP token/,
    ],
    [
      'an object property',
      { type: 'object', properties: { a: { type: 'object', 'x-mcp-header': 'A' } } },
      /string, integer or boolean/,
    ],
    [
      'a number property',
      { type: 'object', properties: { a: { type: 'number', 'x-mcp-header': 'A' } } },
      /string, integer or boolean/,
    ],
    [
      'a name repeated in another case',
      {
        type: 'object',
        properties: {
          a: { type: 'string', 'x-mcp-header': 'Id' },
          b: { type: 'string', 'x-mcp-header': 'ID' },
        },
      },
      /repeats "Id"/,
    ],
    [
      'a declaration under items',
      {
        type: 'object',
        properties: { a: { type: 'array', items: { type: 'string', 'x-mcp-header': 'A' } } },
      },
      /only allowed on a property reached through "properties"/,
    ],
  ])('makes the definition invalid for %s', (_label, schema, reason) => {
    const scan = scanParamHeaders(schema);
    expect(scan.ok).toBe(false);
    expect(scan.ok ? '' : scan.reason).toMatch(reason);
  });
});

describe('paramHeaders', () => {
  const declarations = [
    { path: ['region'], name: 'Region' },
    { path: ['priority'], name: 'Priority' },
    { path: ['verbose'], name: 'Verbose' },
  ];

  it('sends strings, integers and booleans as text and omits absent and null values', () => {
    expect(paramHeaders(declarations, { region: 'us-west1', priority: 42, verbose: null })).toEqual({
      'Mcp-Param-Region': 'us-west1',
      'Mcp-Param-Priority': '42',
    });
    expect(paramHeaders(declarations, { verbose: false })).toEqual({ 'Mcp-Param-Verbose': 'false' });
  });

  it('wraps values that cannot travel literally in =?base64?…?=', () => {
    expect(paramHeaders(declarations, { region: ' padded ' })).toEqual({
      'Mcp-Param-Region': '=?base64?IHBhZGRlZCA=?=',
    });
    expect(paramHeaders(declarations, { region: '' })).toEqual({ 'Mcp-Param-Region': '=?base64??=' });
  });

  it('round-trips every string: a literal value is visible ASCII without outer spaces, any other decodes back', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        const value = paramHeaders([{ path: ['v'], name: 'V' }], { v: text })['Mcp-Param-V']!;
        expect(decoded(value)).toBe(text);
        if (!value.startsWith('=?base64?')) {
          expect(value).toMatch(/^[\t\x20-\x7e]+$/);
          expect(value.trim()).toBe(value);
        }
      }),
    );
  });
});
