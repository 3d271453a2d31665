import 'reflect-metadata';
import { Expose, Transform } from 'class-transformer';
import { Validate, ValidatorConstraint, type ValidatorConstraintInterface } from 'class-validator';
import fc from 'fast-check';
import { Param } from '../../src/decorators/param';
import type { DecodeFunction } from '../../src/decode/create-decode-function';
import type { TextScanner } from '../../src/decode/scan-flat-object';
import { ToolError } from '../../src/errors/tool-error';
import { loadDecoderModules, type DecoderModules } from './support/decoder-modules';
import { buildClass, classSpec, NAMES } from './support/generated-classes';
import { objectNear } from './support/near-miss';

// Decoding JSON text reads the common call (a flat object of known keys, scalar values without
// escapes) with a scanner of its own instead of JSON.parse, and falls back to JSON.parse for
// anything else. Law: for any text, the decoder gives the same outcome as the JSON.parse path
// alone (`decodeText` without a scanner) — an instance of the same class with the same own properties (-0
// told apart from 0), or a ToolError of the same kind and model text — with the generated and
// the closure key functions alike, and so does a decode function, which uses the scanner from
// its TEXTS_BEFORE_SCANNING-th text on. The texts are mostly near the scanned subset and often just
// outside it (escapes, other numbers, surrogates, duplicates, nesting, broken syntax).

// ---- Models -------------------------------------------------------------------------------------

@ValidatorConstraint({ name: 'isNotForbidden' })
class IsNotForbidden implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return value !== 'forbidden';
  }
}

@ValidatorConstraint({ name: 'isFree', async: true })
class IsFree implements ValidatorConstraintInterface {
  async validate(value: unknown): Promise<boolean> {
    await Promise.resolve();
    return value !== 'taken';
  }
}

// The benchmark's read_file.
class ReadFileArgs {
  @Param({ description: 'Path', minLength: 1 })
  path!: string;

  @Param({ description: 'First line', optional: true, integer: true, minimum: 1 })
  offset?: number;

  @Param({ description: 'Lines', optional: true, integer: true, minimum: 1, maximum: 10000 })
  limit?: number;
}

function fixedModels(): Function[] {
  // Every scalar kind, nullable and defaulted properties, integer-like names (ordered first by
  // JSON.parse and for-in alike), a name JSON.stringify would leave alone but that is an
  // Object.prototype member, a field initializer.
  class MixedArgs {
    @Param({ description: 'Path', optional: true, maxLength: 12, pattern: '^[a-z/.]*$' })
    path?: string;

    @Param({ description: 'Flag', optional: true })
    flag?: boolean;

    @Param({ description: 'Note', type: () => String, nullable: true })
    note!: string | null;

    @Param({ description: 'Count', integer: true, default: 5, minimum: -3 })
    count: number = 5;

    @Param({ description: 'Ratio', optional: true, maximum: 1e6 })
    ratio?: number;

    @Param({ description: 'Mode', optional: true, enum: ['read', 'write', 'é'] })
    mode?: string;

    @Param({ description: 'Level', optional: true, enum: [0, 1, 2, -0.5] })
    level?: number;

    @Param({ description: 'Tags', optional: true, type: () => [String] })
    tags?: string[];

    @Param({ description: 'One', optional: true })
    '1'?: string;

    @Param({ description: 'Zero', optional: true, integer: true })
    '0'?: number;

    @Param({ description: 'toString', optional: true })
    toString?: string;

    @Param({ description: 'Empty', optional: true })
    ''?: string;
  }

  // Through class-transformer: a renamed property and a transform that may throw.
  class TransformedArgs {
    @Expose({ name: 'file_path' })
    @Param({ description: 'Path', name: 'file_path' })
    @Transform(({ value }: { value: unknown }) => {
      if (value === 'boom') throw new RangeError('boom');
      return typeof value === 'string' ? value.trim() : value;
    })
    filePath!: string;

    @Param({ description: 'Limit', optional: true, integer: true })
    limit?: number;
  }

  // Residual class-validator checks, sync and async.
  class ValidatedArgs {
    @Param({ description: 'Name' })
    @Validate(IsNotForbidden)
    name!: string;

    @Param({ description: 'Flag', optional: true })
    flag?: boolean;
  }

  class AsyncArgs {
    @Param({ description: 'Name' })
    @Validate(IsFree)
    name!: string;

    @Param({ description: 'Offset', optional: true, integer: true })
    offset?: number;
  }

  // All optional, so that most texts decode: -0 and other numbers reach the instance.
  class NumbersArgs {
    @Param({ description: 'Integer', optional: true, integer: true })
    n?: number;

    @Param({ description: 'Number', optional: true })
    x?: number;

    @Param({ description: 'Text', optional: true })
    s?: string;
  }

  return [ReadFileArgs, MixedArgs, TransformedArgs, ValidatedArgs, AsyncArgs, NumbersArgs];
}

// ---- Texts --------------------------------------------------------------------------------------

const OTHER_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'Path',
  'pat',
  'paths',
  'extra',
  'hasOwnProperty',
  'a"b',
  'x\\y',
  '😀',
];

const whitespace: fc.Arbitrary<string> = fc.oneof(
  { weight: 24, arbitrary: fc.constant('') },
  { weight: 4, arbitrary: fc.constantFrom(' ', '\n', '\t', '\r\n', '  \n\t ', '\r') },
  // Not JSON whitespace: JSON.parse refuses it.
  { weight: 1, arbitrary: fc.constantFrom('\u00a0', '\u000b', '\ufeff', '\u2028', '\u000c') },
);

// Written as a JSON key: mostly a name of the model, plainly; sometimes another key, or a name with
// an escape JSON.parse undoes.
function keyText(names: readonly string[]): fc.Arbitrary<string> {
  const keys = [...names, ...OTHER_KEYS];
  return fc.oneof(
    { weight: 30, arbitrary: fc.constantFrom(...names).map((key) => JSON.stringify(key)) },
    { weight: 2, arbitrary: fc.constantFrom(...keys).map((key) => JSON.stringify(key)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...keys).map((key) => {
        if (key === '') return '""';
        const unit = key.charCodeAt(0).toString(16).padStart(4, '0');
        return `"\\u${unit}${JSON.stringify(key).slice(2)}`;
      }),
    },
    { weight: 1, arbitrary: fc.constantFrom('path', "'path'", '"path\\/"', '"pa\\th"') },
  );
}

const plainPart = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.constantFrom(
      'a',
      'b',
      'z',
      'Q',
      '0',
      '7',
      '/',
      '.',
      ' ',
      '-',
      '_',
      ':',
      ',',
      '{',
      '}',
      '[',
      "'",
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom('é', 'ß', '中', '~', '\u007f', '\u0080', '\u00a0', '\uffff', '\ufeff'),
  },
);

const stringPart: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: plainPart },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '\\n',
      '\\"',
      '\\\\',
      '\\/',
      '\\t',
      '\\u0061',
      '\\u00e9',
      '\\ud83d\\ude00',
      '\\ud800',
      '\\u0000',
      '\\x',
      '\\',
    ),
  },
  // Raw control characters (invalid JSON) and raw surrogates, paired or lone.
  { weight: 1, arbitrary: fc.constantFrom('\n', '\t', '\u0000', '\u001f', '\r') },
  { weight: 1, arbitrary: fc.constantFrom('😀', '𝄞', '\ud800', '\udc00', '\udbff') },
);

const stringText: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: fc.array(plainPart, { maxLength: 10 }).map((parts) => `"${parts.join('')}"`) },
  { weight: 3, arbitrary: fc.array(stringPart, { maxLength: 10 }).map((parts) => `"${parts.join('')}"`) },
  // Long strings, around the scanner's switch from a loop to a regular expression.
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.integer({ min: 12, max: 80 }), fc.array(stringPart, { maxLength: 2 }), fc.nat())
      .map(([length, parts, at]) => {
        const plain = 'src/abc/defgh/ijklm.ts '.repeat(4).slice(0, length);
        const cut = at % (plain.length + 1);
        return `"${plain.slice(0, cut)}${parts.join('')}${plain.slice(cut)}"`;
      }),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '"true"',
      '"10"',
      '"-0"',
      '"5"',
      '"null"',
      '"read"',
      '"é"',
      '"forbidden"',
      '"taken"',
      '"boom"',
      '" a "',
      '""',
    ),
  },
);

const numberText: fc.Arbitrary<string> = fc.oneof(
  { weight: 10, arbitrary: fc.integer({ min: -30, max: 12000 }).map(String) },
  { weight: 4, arbitrary: fc.constantFrom('-0', '-0', '0', '-1') },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '0',
      '-0',
      '1e3',
      '1E3',
      '1e+2',
      '2e-1',
      '1.0',
      '1.5',
      '0.0',
      '-0.0',
      '0123',
      '00',
      '-01',
      '-',
      '--1',
      '+1',
      '.5',
      '1.',
      '0x10',
      'Infinity',
      '-Infinity',
      'NaN',
      '1e400',
      '-1e400',
      '999999999999999',
      '-999999999999999',
      '1000000000000000',
      '9007199254740991',
      '9007199254740993',
      '-9007199254740993',
      '123456789012345678901234567890',
      '10000',
      '10001',
    ),
  },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }).map(String) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }).map(String) },
);

const valueText: fc.Arbitrary<string> = fc.oneof(
  { weight: 10, arbitrary: stringText },
  { weight: 10, arbitrary: numberText },
  { weight: 5, arbitrary: fc.constantFrom('true', 'false', 'null') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'tru',
      'nul',
      'fals',
      'True',
      'tRue',
      'nuLl',
      'falsE',
      'undefined',
      "'a'",
      'a',
    ),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value)) },
  { weight: 1, arbitrary: fc.constantFrom('{}', '[]', '["a"]', '{"path":"a"}', '[1,2]', '[ ]') },
);

function objectText(names: readonly string[], value: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const entry = fc
    .tuple(whitespace, keyText(names), whitespace, whitespace, value, whitespace)
    .map(([a, key, b, c, v, d]) => `${a}${key}${b}:${c}${v}${d}`);
  return fc
    .tuple(whitespace, whitespace, fc.array(entry, { maxLength: 5 }), whitespace)
    .map(([before, inside, entries, after]) => `${before}{${inside}${entries.join(',')}}${after}`);
}

const topLevel = fc.constantFrom(
  '',
  ' ',
  '\n\t',
  'null',
  '[]',
  '[{"path":"a"}]',
  '"x"',
  '"{\\"path\\":\\"a\\"}"',
  '5',
  'true',
  '{}',
  ' { } ',
);

type Mutation =
  | { readonly kind: 'none' }
  | { readonly kind: 'truncate' | 'delete'; readonly at: number }
  | { readonly kind: 'insert' | 'replace'; readonly at: number; readonly text: string }
  | { readonly kind: 'trailingComma' | 'duplicate' };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 12, arbitrary: fc.constant<Mutation>({ kind: 'none' }) },
  { weight: 1, arbitrary: fc.nat().map<Mutation>((at) => ({ kind: 'truncate', at })) },
  { weight: 1, arbitrary: fc.nat().map<Mutation>((at) => ({ kind: 'delete', at })) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.nat(),
        fc.constantFrom('{', '}', '"', ',', ':', '\\', 'x', ' ', '0', '-', '.', 'e', '[', ']', '\n'),
      )
      .map<Mutation>(([at, text]) => ({ kind: 'insert', at, text })),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.nat(), fc.constantFrom('x', '"', ' ', ':', ',', '}', '0', '\\'))
      .map<Mutation>(([at, text]) => ({ kind: 'replace', at, text })),
  },
  { weight: 1, arbitrary: fc.constantFrom<Mutation>({ kind: 'trailingComma' }, { kind: 'duplicate' }) },
);

function mutate(text: string, change: Mutation): string {
  switch (change.kind) {
    case 'none':
      return text;
    case 'truncate':
      return text.slice(0, change.at % (text.length + 1));
    case 'delete': {
      const at = change.at % Math.max(1, text.length);
      return text.slice(0, at) + text.slice(at + 1);
    }
    case 'insert': {
      const at = change.at % (text.length + 1);
      return text.slice(0, at) + change.text + text.slice(at);
    }
    case 'replace': {
      const at = change.at % Math.max(1, text.length);
      return text.slice(0, at) + change.text + text.slice(at + 1);
    }
    case 'trailingComma': {
      const at = text.lastIndexOf('}');
      return at === -1 ? `${text},` : `${text.slice(0, at)},${text.slice(at)}`;
    }
    case 'duplicate': {
      // The first entry again, at the end: a repeated key (or a repeated garbage entry).
      const open = text.indexOf('{');
      const close = text.lastIndexOf('}');
      if (open === -1 || close <= open) return text;
      const first = text.slice(open + 1, close).split(',')[0] ?? '';
      return first.trim() === '' ? text : `${text.slice(0, close)},${first}${text.slice(close)}`;
    }
  }
}

function textsFor(names: readonly string[], near?: fc.Arbitrary<unknown>): fc.Arbitrary<string> {
  const base = fc.oneof(
    { weight: 12, arbitrary: objectText(names, valueText) },
    { weight: 1, arbitrary: topLevel },
    ...(near === undefined
      ? []
      : [
          { weight: 4, arbitrary: near.map((value) => JSON.stringify(value)) },
          {
            weight: 2,
            arbitrary: near.map((value) => JSON.stringify(value, null, 1)),
          },
        ]),
  );
  return fc.tuple(base, mutation).map(([text, change]) => mutate(text, change));
}

// ---- Outcomes -----------------------------------------------------------------------------------

type Outcome =
  | { readonly instance: unknown }
  | { readonly kind: string; readonly text: string; readonly issues: unknown }
  | { readonly threw: string };

/** A value's shape for comparison: classes by identity, own property descriptors, -0 told apart. */
function shape(value: unknown): unknown {
  if (typeof value === 'number') return Object.is(value, -0) ? { negativeZero: true } : value;
  if (Array.isArray(value)) return { array: value.map(shape) };
  if (typeof value === 'object' && value !== null) {
    const descriptors = Object.getOwnPropertyDescriptors(value);
    return {
      prototype: Object.getPrototypeOf(value) as unknown,
      own: Reflect.ownKeys(descriptors).map((key) => {
        const { value: property, enumerable, writable, configurable } = descriptors[key as string]!;
        return [key, shape(property), enumerable, writable, configurable];
      }),
    };
  }
  return value;
}

async function outcomeOf(run: () => unknown, loaded: DecoderModules): Promise<Outcome> {
  try {
    const decoded: unknown = await run();
    // Decoders made by another module registry: their rejection class is not this one's.
    const result = isRejection(decoded) ? decoded.toError() : decoded;
    if (ToolError.is(result)) return { kind: result.kind, text: result.modelText, issues: result.issues };
    return { instance: shape(result) };
  } catch (error) {
    const thrown = error instanceof loaded.AuthorCodeError ? error.thrown : error;
    return { threw: String(thrown) };
  }
}

const LIMITS = [undefined, { maxNodes: 2 }, { maxBytes: 48 }, { maxDepth: 1 }] as const;

interface Tally {
  scanned: number;
  bailed: number;
  scannedInstances: number;
  scannedErrors: number;
}

interface Decoders {
  readonly scan: TextScanner | null;
  /** Decode functions by limits, as a runtime keeps them: each uses the scanner after a while. */
  readonly byLimits: Map<number, DecodeFunction<object>>;
}

const decodersOf = new WeakMap<Function, Decoders>();

/** Checks the law on one text; counts whether the scanner read it and what came out. */
async function checkText(
  loaded: DecoderModules,
  argsClass: Function,
  limitsIndex: number,
  text: string,
  tally: Tally,
): Promise<void> {
  const model = loaded.getArgsModel(argsClass);
  const compiled = loaded.compileModel(model);
  const limits = loaded.resolveDecodeLimits(LIMITS[limitsIndex]);
  let decoders = decodersOf.get(argsClass);
  if (decoders === undefined) {
    decoders = { scan: loaded.createTextScanner(compiled) ?? null, byLimits: new Map() };
    decodersOf.set(argsClass, decoders);
  }
  let decode = decoders.byLimits.get(limitsIndex);
  if (decode === undefined) {
    decode = loaded.createDecodeFunction(model, limits, 't');
    decoders.byLimits.set(limitsIndex, decode);
  }
  const { scan } = decoders;
  const expected = await outcomeOf(() => loaded.decodeText(text, compiled, null, limits, 't'), loaded);
  expect(await outcomeOf(() => loaded.decodeText(text, compiled, scan, limits, 't'), loaded)).toStrictEqual(
    expected,
  );
  expect(await outcomeOf(() => decode(text), loaded)).toStrictEqual(expected);
  if (scan?.(text, new loaded.DecodeContext(limits, true)) === undefined) {
    tally.bailed++;
  } else {
    tally.scanned++;
    if ('instance' in expected) tally.scannedInstances++;
    if ('kind' in expected) tally.scannedErrors++;
  }
}

const newTally = (): Tally => ({ scanned: 0, bailed: 0, scannedInstances: 0, scannedErrors: 0 });

function expectBothPaths(tally: Tally, texts: number, scannedShare: number): void {
  // Both paths are exercised, and the scanned texts give instances and errors alike.
  expect(tally.scanned).toBeGreaterThan(texts * scannedShare);
  expect(tally.bailed).toBeGreaterThan(texts / 8);
  expect(tally.scannedInstances).toBeGreaterThan(texts / 100);
  expect(tally.scannedErrors).toBeGreaterThan(texts / 100);
}

describe.each([
  ['generated', true],
  ['closure', false],
])('decoding text with the scanner (%s key functions)', (_, generate) => {
  const loaded = loadDecoderModules(generate);

  it('gives the outcome of the JSON.parse path on fixed models', async () => {
    const models = fixedModels();
    const texts = models.map((argsClass) => {
      const model = loaded.getArgsModel(argsClass);
      const names = model.properties.map((property) => property.name);
      return textsFor(names, objectNear(model) as fc.Arbitrary<unknown>);
    });
    const tally = newTally();
    const runs = 4000;
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: models.length - 1 }).chain((index) => fc.tuple(fc.constant(index), texts[index]!)),
        fc.oneof(
          { weight: 6, arbitrary: fc.constant(0) },
          { weight: 1, arbitrary: fc.nat({ max: LIMITS.length - 1 }) },
        ),
        ([modelIndex, text], limitsIndex) => checkText(loaded, models[modelIndex]!, limitsIndex, text, tally),
      ),
      { numRuns: runs },
    );
    expectBothPaths(tally, runs, 1 / 8);
  }, 120_000);

  it('gives the outcome of the JSON.parse path on generated classes', async () => {
    const tally = newTally();
    const runs = 600;
    const cases = classSpec(0).chain((spec) => {
      const argsClass = buildClass(spec);
      const near = objectNear(loaded.getArgsModel(argsClass)) as fc.Arbitrary<unknown>;
      return fc.tuple(
        fc.constant(argsClass),
        fc.array(textsFor(NAMES, near), { minLength: 4, maxLength: 4 }),
      );
    });
    await fc.assert(
      fc.asyncProperty(cases, async ([argsClass, texts]) => {
        for (const text of texts) await checkText(loaded, argsClass, 0, text, tally);
      }),
      { numRuns: runs },
    );
    // Models with a required array or object have no scanner.
    expectBothPaths(tally, runs * 4, 1 / 16);
  }, 120_000);

  it('keeps the benchmark inputs on the scanner, with the same results as before', () => {
    const model = loaded.getArgsModel(ReadFileArgs);
    const decode = loaded.createDecodeFunction(model, loaded.resolveDecodeLimits(undefined), 'read_file');
    const scan = loaded.createTextScanner(loaded.compileModel(model))!;
    const valid = '{"path":"src/a.ts","offset":10,"limit":20}';
    const invalid = '{"path":"","offset":"ten"}';
    const limits = loaded.resolveDecodeLimits(undefined);
    expect(scan(valid, new loaded.DecodeContext(limits, true))).toEqual({
      path: 'src/a.ts',
      offset: 10,
      limit: 20,
    });
    // Read by the scanner (not a bail), and found invalid field by field.
    const context = new loaded.DecodeContext(limits, true);
    expect(scan(invalid, context)).toBe(loaded.INVALID);
    expect(context.issueCount).toBe(2);
    // Before and after the decode function starts scanning.
    for (let i = 0; i < 40; i++) {
      expect(decode(valid)).toEqual(
        Object.assign(new ReadFileArgs(), { path: 'src/a.ts', offset: 10, limit: 20 }),
      );
      const rejected = decode(invalid);
      const error = isRejection(rejected) ? rejected.toError() : (rejected as ToolError);
      expect(error.kind).toBe('invalid_arguments');
      expect(error.modelText).toBe(
        'Invalid arguments for read_file:\n' +
          '  - path: expected a string of at least 1 character, received "" (empty string)\n' +
          '  - offset: expected an integer >= 1, received "ten"\n' +
          'Fix these and call read_file again.',
      );
      expect(error.issues).toEqual([
        { path: 'path', expected: 'a string of at least 1 character', received: '"" (empty string)' },
        { path: 'offset', expected: 'an integer >= 1', received: '"ten"' },
      ]);
    }
  });
});

/** An `ArgumentRejection` of any module registry: what a decode function gives before its error. */
function isRejection(value: unknown): value is { toError(): ToolError } {
  return typeof (value as { toError?: unknown } | null)?.toError === 'function';
}
