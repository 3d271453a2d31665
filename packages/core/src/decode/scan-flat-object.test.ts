import 'reflect-metadata';
import { Param } from '../decorators/param';
import { getArgsModel } from '../model/build-args-model';
import { compileModel } from './compile-model';
import { decodeText } from './create-decode-function';
import { DecodeContext, INVALID } from './decode-context';
import { DEFAULT_DECODE_LIMITS } from './decode-limits';
import { ArgumentRejection, ToolError } from './tool-error-adapter';
import {
  createTextScanner,
  MAX_SCANNED_NAMES,
  scanFlatObject,
  scannedNames,
  type TextScanner,
} from './scan-flat-object';
import { DECODER_IMPLEMENTATIONS } from './decoder-implementations';
import type { ScannedKeys } from './scanned-keys';

/** What a model's scanner makes of `text`: the decoded instance, `INVALID`, or `undefined` (bail). */
function scanned(scanner: TextScanner, text: string): object | typeof INVALID | undefined {
  return scanner(text, new DecodeContext(DEFAULT_DECODE_LIMITS, true));
}

const NAMES = ['path', 'offset', 'limit', 'pathname', 'flag', 'note', '1', ''];

// Every implementation's keys (see DecoderImplementation), the reference's included.
describe.each(DECODER_IMPLEMENTATIONS.map((i) => [i.name, i.scannedKeys] as const))(
  'scanFlatObject with %s keys',
  (_, makeKeys: (names: readonly string[]) => ScannedKeys) => {
    const keys = makeKeys(NAMES);
    const scan = (text: string) => scanFlatObject<Record<string, unknown>>(text, keys, {});

    /** Accepted, and exactly what JSON.parse builds (keys, their order, values, -0). */
    function expectParsed(text: string): Record<string, unknown> {
      const record = scan(text);
      expect(record).toBeDefined();
      const parsed = JSON.parse(text) as Record<string, unknown>;
      expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
      expect(Object.keys(record!)).toEqual(Object.keys(parsed));
      for (const key of Object.keys(parsed)) expect(Object.is(record![key], parsed[key])).toBe(true);
      return record!;
    }

    it('accepts an empty object, with JSON whitespace anywhere', () => {
      expectParsed('{}');
      expectParsed(' \t\r\n{ \t\r\n} \t\r\n');
      expectParsed('\n{\n  "path" :\t"a" ,\r\n  "offset":\n1\n}\n');
    });

    it('accepts strings without escapes, short and long', () => {
      expectParsed('{"path":""}');
      expectParsed('{"path":"src/a.ts"}');
      expectParsed('{"path":"é中 ~\u007f\u00a0\uffff"}');
      // The first 16 units are checked in a loop, the rest by a regular expression.
      for (const length of [15, 16, 17, 40, 1000]) expectParsed(`{"path":"${'x'.repeat(length)}"}`);
      expectParsed(`{"path":"${'é'.repeat(30)}","note":"${'/'.repeat(17)}"}`);
    });

    it('accepts integers of at most 15 digits, -0 included', () => {
      for (const n of ['0', '-0', '7', '-12', '10', '999999999999999', '-999999999999999', '100000000000000'])
        expectParsed(`{"offset":${n}}`);
      expect(Object.is(scan('{"offset":-0}')!.offset, -0)).toBe(true);
    });

    it('accepts true, false and null', () => {
      expectParsed('{"flag":true}');
      expectParsed('{"flag":false}');
      expectParsed('{"flag":null}');
      expectParsed('{"flag":true,"note":false,"path":null}');
    });

    it('reads every name, in any order, and orders keys as JSON.parse does', () => {
      expectParsed('{"limit":1,"offset":2,"path":"p","pathname":"q","note":"n","flag":true,"1":3,"":4}');
      expect(Object.keys(expectParsed('{"path":"a","1":1}'))).toEqual(['1', 'path']);
      expectParsed('{"pathname":"a","path":"b"}');
      expectParsed('{"":""}');
    });

    it.each([
      ['empty text', ''],
      ['whitespace only', ' \n'],
      ['a non-object', 'null'],
      ['an array', '[]'],
      ['a string', '"{}"'],
      ['a number', '1'],
      ['other whitespace', '\u00a0{}'],
      ['a byte-order mark', '\ufeff{}'],
      ['a vertical tab', '{\u000b}'],
      ['an unclosed object', '{'],
      ['an unclosed key', '{"path'],
      ['a key without value', '{"path"}'],
      ['a key without colon', '{"path" "a"}'],
      ['a missing value', '{"path":}'],
      ['a truncated value', '{"path":'],
      ['an unclosed string', '{"path":"abc'],
      ['an unclosed long string', `{"path":"${'x'.repeat(40)}`],
      ['a missing comma', '{"path":"a" "offset":1}'],
      ['a trailing comma', '{"path":"a",}'],
      ['a lone comma', '{,}'],
      ['text after the object', '{"path":"a"}x'],
      ['a second object', '{}{}'],
      ['an extra brace', '{"path":"a"}}'],
      ['a missing brace', '{"path":"a"'],
      ['a missing brace after a space', '{"path":"a" '],
      ['a missing key after a comma', '{"path":"a", '],
      ['an unknown key', '{"other":1}'],
      ['a key extending a name', '{"paths":1}'],
      ['a key prefix of a name', '{"pat":1}'],
      ['__proto__', '{"__proto__":{}}'],
      ['__proto__ with a scalar', '{"__proto__":1}'],
      ['constructor', '{"constructor":1}'],
      ['prototype', '{"prototype":1}'],
      ['an escaped key', '{"p\\u0061th":"a"}'],
      ['an escaped quote in a key', '{"path\\"":"a"}'],
      ['a repeated key', '{"path":"a","path":"b"}'],
      ['a repeated key apart', '{"path":"a","offset":1,"path":"a"}'],
      ['a nested object', '{"path":{}}'],
      ['a nested array', '{"path":[]}'],
      ['a single-quoted string', "{'path':'a'}"],
      ['an unquoted key', '{path:"a"}'],
      ['an escape in a string', '{"path":"a\\nb"}'],
      ['an escaped quote in a string', '{"path":"a\\"b"}'],
      ['a unicode escape in a string', '{"path":"\\u0061"}'],
      ['an escape in a long string', `{"path":"${'x'.repeat(20)}\\n"}`],
      ['a raw newline in a string', '{"path":"a\nb"}'],
      ['a raw tab in a string', '{"path":"a\tb"}'],
      ['a raw NUL in a string', '{"path":"a\u0000b"}'],
      ['a raw control character in a long string', `{"path":"${'x'.repeat(20)}\u001f"}`],
      ['a surrogate pair', '{"path":"😀"}'],
      ['a lone high surrogate', '{"path":"\ud800"}'],
      ['a lone low surrogate', '{"path":"a\udc00"}'],
      ['a surrogate in a long string', `{"path":"${'x'.repeat(20)}😀"}`],
      ['a fraction', '{"offset":1.0}'],
      ['a fraction after zero', '{"offset":0.5}'],
      ['an exponent', '{"offset":1e3}'],
      ['a capital exponent', '{"offset":1E3}'],
      ['an exponent after zero', '{"offset":0e0}'],
      ['a leading zero', '{"offset":0123}'],
      ['two zeros', '{"offset":00}'],
      ['a negative leading zero', '{"offset":-01}'],
      ['a lone minus', '{"offset":-}'],
      ['a minus and a letter', '{"offset":-a}'],
      ['a plus sign', '{"offset":+1}'],
      ['a leading dot', '{"offset":.5}'],
      ['a trailing dot', '{"offset":1.}'],
      ['16 digits', '{"offset":1000000000000000}'],
      ['a negative of 16 digits', '{"offset":-9007199254740993}'],
      ['a huge integer', `{"offset":${'9'.repeat(400)}}`],
      ['hexadecimal', '{"offset":0x10}'],
      ['Infinity', '{"offset":Infinity}'],
      ['NaN', '{"offset":NaN}'],
      ['a truncated true', '{"flag":tru}'],
      ['true at the end', '{"flag":true'],
      ['a truncated false at the end', '{"flag":fals'],
      ['a truncated null', '{"flag":nul}'],
      ['a longer word', '{"flag":truex}'],
      ['a capitalised word', '{"flag":True}'],
      ['a misspelt true', '{"flag":tRue}'],
      ['a misspelt false', '{"flag":falsE}'],
      ['a misspelt null', '{"flag":nuLl}'],
      ['a key not closed by a quote', '{"path:1}'],
      ['a name then other units', '{"pathX:1}'],
      ['undefined', '{"flag":undefined}'],
    ])('bails on %s', (_, text) => {
      expect(scan(text)).toBeUndefined();
    });
  },
);

describe('scannedNames and createTextScanner', () => {
  it('scan a model’s names but reserved ones and those JSON escapes', () => {
    class Odd {
      @Param({ description: 'Path' })
      path!: string;

      @Param({ description: 'Quoted', optional: true })
      'a"b'!: string;

      @Param({ description: 'Backslash', optional: true })
      'a\\b'!: string;

      @Param({ description: 'Tab', optional: true })
      'a\tb'!: string;

      @Param({ description: 'Accented', optional: true })
      'é'!: string;
    }
    const compiled = compileModel(getArgsModel(Odd));
    expect(scannedNames(compiled)).toEqual(['path', 'é']);
    const scan = (text: string) => scanned(createTextScanner(compiled)!, text);
    expect(scan('{"path":"a","é":"b"}')).toEqual({ path: 'a', é: 'b' });
    expect(scan(JSON.stringify({ 'a"b': 'x' }))).toBeUndefined();
    expect(scan(JSON.stringify({ 'a\\b': 'x' }))).toBeUndefined();
  });

  it('leave a model to JSON.parse when every valid call nests an array or an object', () => {
    class Child {
      @Param({ description: 'Name' })
      name!: string;
    }
    class Required {
      @Param({ description: 'Path' })
      path!: string;

      @Param({ description: 'Tags', type: () => [String] })
      tags!: string[];
    }
    class RequiredObject {
      @Param({ description: 'Child', type: () => Child })
      child!: Child;
    }
    class Optional {
      @Param({ description: 'Path' })
      path!: string;

      @Param({ description: 'Tags', optional: true, type: () => [String] })
      tags?: string[];

      @Param({ description: 'Child', type: () => Child, nullable: true })
      child!: Child | null;

      @Param({ description: 'Sizes', type: () => [Number], default: [1] })
      sizes!: number[];
    }
    expect(createTextScanner(compileModel(getArgsModel(Required)))).toBeUndefined();
    expect(createTextScanner(compileModel(getArgsModel(RequiredObject)))).toBeUndefined();
    const scanner = createTextScanner(compileModel(getArgsModel(Optional)))!;
    const scan = (text: string) => scanned(scanner, text);
    expect(scan('{"path":"a","child":null}')).toEqual({ path: 'a', child: null, sizes: [1] });
    expect(scan('{"path":"a","tags":[]}')).toBeUndefined();
  });

  it('leave a model with more names than the scanner tracks to JSON.parse', () => {
    const make = (count: number) => {
      const target = class {};
      for (let i = 0; i < count; i++)
        Param({ description: 'n', type: () => Number })(target.prototype, `n${i}`);
      return compileModel(getArgsModel(target));
    };
    expect(createTextScanner(make(MAX_SCANNED_NAMES))).toBeDefined();
    expect(createTextScanner(make(MAX_SCANNED_NAMES + 1))).toBeUndefined();
    const scanner = createTextScanner(make(MAX_SCANNED_NAMES))!;
    const scan = (text: string) => scanned(scanner, text);
    const all = Object.fromEntries(Array.from({ length: MAX_SCANNED_NAMES }, (_, i) => [`n${i}`, i]));
    expect(scan(JSON.stringify(all))).toEqual(all);
  });
});

describe('a model’s scanner against the JSON.parse path', () => {
  class Numbered {
    @Param({ description: 'B', integer: true })
    b!: number;

    @Param({ description: 'One', integer: true })
    '1'!: number;

    @Param({ description: 'C', optional: true, minLength: 2 })
    c?: string;
  }
  class Plain {
    @Param({ description: 'B', integer: true })
    b!: number;

    @Param({ description: 'A', integer: true })
    a!: number;

    @Param({ description: 'C', optional: true, minLength: 2, default: 'cc' })
    c?: string;
  }

  /** The decode of `text` through the model's scanner and through JSON.parse alone. */
  function bothPaths(argsClass: new () => object, text: string): [unknown, unknown] {
    const compiled = compileModel(getArgsModel(argsClass));
    const scanner = createTextScanner(compiled)!;
    expect(scanner).toBeDefined();
    const outcome = (decoded: unknown) => {
      const value = decoded instanceof ArgumentRejection ? decoded.toError() : decoded;
      return value instanceof ToolError ? { kind: value.kind, text: value.modelText } : value;
    };
    return [
      outcome(decodeText(text, compiled, scanner, DEFAULT_DECODE_LIMITS, 't')),
      outcome(decodeText(text, compiled, null, DEFAULT_DECODE_LIMITS, 't')),
    ];
  }

  it.each([
    '{"b":"x","1":"y"}',
    '{"1":"y","b":"x","c":"z"}',
    '{"c":"z","b":1.5}',
    '{"b":2,"1":3}',
    '{"c":null,"1":null}',
  ])('reports what JSON.parse’s path reports, in its order, for %s', (text) => {
    for (const argsClass of [Numbered, Plain]) {
      const [scanned, parsed] = bothPaths(argsClass, text);
      expect(scanned).toStrictEqual(parsed);
    }
  });

  it('lists issues in the order of the text, an array-index name first as for-in visits it', () => {
    const issuePaths = (outcome: unknown) =>
      [...(outcome as { text: string }).text.matchAll(/^ {2}- (\S+):/gm)].map((match) => match[1]);
    const [numbered] = bothPaths(Numbered, '{"b":"x","1":"y"}');
    expect(issuePaths(numbered)).toEqual(['["1"]', 'b']);
    const [plain] = bothPaths(Plain, '{"c":"z","b":"x","a":"y"}');
    expect(issuePaths(plain)).toEqual(['c', 'b', 'a']);
  });
});
