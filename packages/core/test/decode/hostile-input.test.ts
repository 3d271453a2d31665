import 'reflect-metadata';
import { Param } from '../../src/decorators/param';
import { createArgsDecoder } from '../../src/decode/create-args-decoder';
import { decodeArgs } from '../../src/decode/decode-args';
import { ToolError } from '../../src/errors/tool-error';
import { getArgsModel } from '../../src/model/build-args-model';

// One test (at least) per category of hostile input in RELIABILITY.md. The model text is the
// product, so representative cases assert it exactly.

function readFileArgs() {
  class ReadFileArgs {
    @Param({ description: 'Path relative to the workspace root', minLength: 1 })
    path!: string;

    @Param({ description: 'First line to read, 1-based', optional: true, integer: true, minimum: 1 })
    offset?: number;

    @Param({ description: 'Lines to read', optional: true, integer: true, minimum: 1, maximum: 10000 })
    limit?: number;
  }
  return ReadFileArgs;
}

function editArgs() {
  class EditOp {
    @Param({ description: 'Text to replace', minLength: 1 })
    old_string!: string;

    @Param({ description: 'Replacement' })
    new_string!: string;
  }
  class EditArgs {
    @Param({ description: 'File' })
    path!: string;

    @Param({ description: 'Edits', type: () => [EditOp], minItems: 1 })
    edits!: EditOp[];

    @Param({ description: 'Dry run', optional: true })
    dryRun?: boolean;
  }
  return { EditArgs, EditOp };
}

function treeArgs() {
  class Tree {
    @Param({ description: 'Label' })
    label!: string;

    @Param({ description: 'Children', optional: true, type: () => [Tree] })
    children?: Tree[];
  }
  return Tree;
}

async function rejection(promise: Promise<unknown>): Promise<ToolError> {
  const outcome = await promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if (!('error' in outcome)) throw new Error(`expected a rejection, got ${JSON.stringify(outcome.value)}`);
  expect(ToolError.is(outcome.error)).toBe(true);
  return outcome.error as ToolError;
}

async function invalid(argsClass: Function, raw: unknown): Promise<ToolError> {
  const error = await rejection(decodeArgs(argsClass as new () => object, raw));
  expect(error.kind).toBe('invalid_arguments');
  return error;
}

function lines(error: ToolError): string[] {
  return error.modelText.split('\n').slice(1, -1);
}

describe('malformed JSON', () => {
  it('refuses a markdown code fence instead of stripping it', async () => {
    const error = await invalid(readFileArgs(), '```json\n{"path":"a.ts"}\n```');
    expect(error.modelText).toBe(
      [
        'Invalid arguments:',
        '  - (arguments): expected a JSON object, received invalid JSON at line 1, column 1; found a markdown code fence; send the bare JSON object, without ``` fences',
        'Fix these and call the tool again.',
      ].join('\n'),
    );
  });

  it('refuses a trailing comma, naming where it is', async () => {
    const error = await invalid(readFileArgs(), '{"path":"a.ts",}');
    expect(lines(error)).toEqual([
      '  - (arguments): expected a JSON object, received invalid JSON at line 1, column 16; found a trailing comma before "}"; remove it',
    ]);
  });

  it('refuses single quotes', async () => {
    const error = await invalid(readFileArgs(), "{'path':'a.ts'}");
    expect(error.issues?.[0]?.message).toBe(
      'strings and property names need double quotes ("), not single quotes',
    );
  });

  it('refuses NaN, Infinity and undefined literals', async () => {
    for (const literal of ['NaN', 'Infinity', '-Infinity', 'undefined']) {
      const error = await invalid(readFileArgs(), `{"path":"a.ts","offset":${literal}}`);
      expect(error.issues?.[0]?.message).toMatch(/^NaN, Infinity and undefined are not JSON/);
    }
  });

  it('refuses comments, Python literals, unquoted keys, cut-off text and trailing text', async () => {
    const cases: [string, RegExp][] = [
      ['{"path":"a.ts" // the file\n}', /no comments/],
      ['{"path":"a.ts","offset":None}', /true, false and null/],
      ['{path:"a.ts"}', /property names need double quotes/],
      ['{"path":"a.ts"', /ends too early/],
      ['{"path":"a.ts"} {"path":"b.ts"}', /more text after the JSON value/],
    ];
    for (const [raw, hint] of cases) {
      const error = await invalid(readFileArgs(), raw);
      expect(error.issues).toHaveLength(1);
      expect(error.issues?.[0]?.message).toMatch(hint);
    }
  });

  it('reads empty and whitespace-only text as {}', async () => {
    class NoRequired {
      @Param({ description: 'Optional', optional: true })
      note?: string;
    }
    await expect(decodeArgs(NoRequired, '')).resolves.toBeInstanceOf(NoRequired);
    await expect(decodeArgs(NoRequired, ' \n\t ')).resolves.toBeInstanceOf(NoRequired);
    const error = await invalid(readFileArgs(), '   ');
    expect(lines(error)).toEqual([
      '  - path: expected a string of at least 1 character, received nothing; required property is missing',
    ]);
  });
});

describe('duplicate keys', () => {
  it('refuses a repeated top-level key, though JSON.parse would keep the last', async () => {
    const error = await invalid(readFileArgs(), '{"path":"a.ts","offset":1,"offset":2}');
    expect(lines(error)).toEqual([
      '  - offset: expected each property once, received it 2 times; JSON keeps only the last one, so send it once',
    ]);
  });

  it('names the path of a repeated key inside an array item', async () => {
    const { EditArgs } = editArgs();
    const raw =
      '{"path":"a","edits":[{"old_string":"x","new_string":"y"},{"old_string":"x","new_string":"y","new_string":"z"}]}';
    const error = await invalid(EditArgs, raw);
    expect(error.issues?.map((i) => i.path)).toEqual(['edits[1].new_string']);
  });

  it('sees through escapes: "path" and "\\u0070ath" are the same key', async () => {
    const error = await invalid(readFileArgs(), '{"path":"a","\\u0070ath":"b"}');
    expect(error.issues?.map((i) => i.path)).toEqual(['path']);
  });

  it('accepts colons inside strings (they only trigger the precise scan)', async () => {
    const args = await decodeArgs(readFileArgs(), '{"path":"C:\\\\x:y:\\":z\\"","offset":3}');
    expect(args.path).toBe('C:\\x:y:":z"');
    expect(args.offset).toBe(3);
  });

  it('reports duplicates together with the other problems', async () => {
    const error = await invalid(readFileArgs(), '{"path":"","path":"","offset":"x:y"}');
    expect(error.issues?.map((i) => i.path).sort()).toEqual(['offset', 'path', 'path']);
  });
});

describe('prototype keys', () => {
  it('refuses __proto__, constructor and prototype in JSON text, with a specific message', async () => {
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      const error = await invalid(readFileArgs(), `{"path":"a","${key}":{"polluted":true}}`);
      expect(lines(error)).toEqual([
        `  - ${key}: expected only known properties (path, offset, limit), received the reserved name "${key}"; the names __proto__, constructor and prototype are never accepted`,
      ]);
    }
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('refuses them nested, with their path', async () => {
    const { EditArgs } = editArgs();
    const raw = '{"path":"a","edits":[{"old_string":"x","new_string":"y","__proto__":{"polluted":true}}]}';
    const error = await invalid(EditArgs, raw);
    expect(error.issues?.map((i) => i.path)).toEqual(['edits[0].__proto__']);
    expect(error.issues?.[0]?.received).toBe('the reserved name "__proto__"');
  });

  it('refuses an own __proto__ key in an already-parsed value (JSON.parse makes it a plain key)', async () => {
    const parsed: unknown = JSON.parse('{"path":"a","__proto__":{"polluted":true}}');
    expect(Object.keys(parsed as object)).toContain('__proto__');
    const error = await invalid(readFileArgs(), parsed);
    expect(error.issues?.[0]?.path).toBe('__proto__');
  });

  it('refuses keys defined with Object.defineProperty, even non-enumerable ones', async () => {
    for (const enumerable of [true, false]) {
      for (const key of ['__proto__', 'constructor', 'prototype']) {
        const value = { path: 'a' };
        Object.defineProperty(value, key, { value: { polluted: true }, enumerable });
        const error = await invalid(readFileArgs(), value);
        expect(error.issues?.map((i) => i.path)).toEqual([key]);
      }
    }
  });

  it('refuses symbol keys and non-plain objects in already-parsed values', async () => {
    const withSymbol = { path: 'a', [Symbol('s')]: 1 };
    expect((await invalid(readFileArgs(), withSymbol)).issues?.[0]?.received).toBe('a symbol-keyed property');
    expect((await invalid(readFileArgs(), new Date())).issues?.[0]?.received).toBe('an instance of Date');
    const { EditArgs } = editArgs();
    const error = await invalid(EditArgs, { path: 'a', edits: [new Map()] });
    expect(error.issues?.[0]).toMatchObject({ path: 'edits[0]', received: 'an instance of Map' });
  });

  it('turns a throwing getter or Proxy into invalid_arguments, never an exception', async () => {
    const hostile = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('secret-token-123');
        },
      },
    );
    const error = await invalid(readFileArgs(), hostile);
    expect(error.modelText).not.toContain('secret-token-123');
    expect(error.issues?.[0]?.received).toBe('a value that threw when read');
    const getter = Object.defineProperty({}, 'path', {
      enumerable: true,
      get: () => {
        throw new Error('boom');
      },
    });
    expect((await invalid(readFileArgs(), getter)).kind).toBe('invalid_arguments');
  });

  it('builds instances whose prototype is the args class, never one from the input', async () => {
    const ReadFileArgs = readFileArgs();
    const args = await decodeArgs(ReadFileArgs, '{"path":"a"}');
    expect(Object.getPrototypeOf(args)).toBe(ReadFileArgs.prototype);
  });
});

describe('depth', () => {
  const deepArrays = '['.repeat(10_000) + ']'.repeat(10_000);
  const deepObjects = '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000);

  function deepValue(levels: number): unknown {
    let value: unknown = 1;
    for (let i = 0; i < levels; i++) value = { a: value };
    return value;
  }

  it('refuses 10,000 nested arrays or objects in a string field, as text and as a value, without overflowing', async () => {
    for (const nested of [deepArrays, deepObjects]) {
      const error = await invalid(readFileArgs(), `{"path":${nested}}`);
      expect(error.issues?.[0]).toMatchObject({ path: 'path', expected: 'a string of at least 1 character' });
    }
    const error = await invalid(readFileArgs(), { path: deepValue(10_000) });
    expect(error.issues?.[0]?.path).toBe('path');
    await invalid(readFileArgs(), deepArrays);
    await invalid(readFileArgs(), deepValue(10_000));
  });

  it('stops a recursive model at depth 64', async () => {
    const Tree = treeArgs();
    const deepTree = '{"label":"x","children":['.repeat(10_000) + '{"label":"leaf"}' + ']}'.repeat(10_000);
    const error = await invalid(Tree, deepTree);
    expect(error.issues).toHaveLength(1);
    expect(error.issues?.[0]?.expected).toBe('nesting at most 64 levels deep');
    expect(error.issues?.[0]?.received).toBe('deeper nesting');
    expect(error.issues?.[0]?.path.startsWith('children[0]')).toBe(true);

    let value: unknown = { label: 'leaf' };
    for (let i = 0; i < 10_000; i++) value = { label: 'x', children: [value] };
    expect((await invalid(Tree, value)).issues?.[0]?.expected).toBe('nesting at most 64 levels deep');
  });

  it('accepts a recursive model up to the limit, and the limit is configurable', async () => {
    const Tree = treeArgs();
    const nested = (levels: number) =>
      '{"label":"x","children":['.repeat(levels) + '{"label":"leaf"}' + ']}'.repeat(levels);
    // Each level is an object and an array: 31 levels plus the leaf make 63 containers.
    const tree = await decodeArgs(Tree, nested(31));
    expect(tree.children?.[0]).toBeInstanceOf(Tree);
    await invalid(Tree, nested(40));
    await expect(decodeArgs(Tree, nested(40), { maxDepth: 100 })).resolves.toBeInstanceOf(Tree);
  });
});

describe('size', () => {
  it('refuses arguments over 1 MiB with payload_too_large, before parsing', async () => {
    const raw = `{"path":"${'a'.repeat(1024 * 1024)}"}`;
    const error = await rejection(decodeArgs(readFileArgs(), raw));
    expect(error.kind).toBe('payload_too_large');
    expect(error.modelText).toBe(
      'The arguments for the tool are more than 1,048,576 bytes of JSON; the limit is 1,048,576 bytes. ' +
        'Send less data in one call (for example, split the work into several calls).',
    );
  });

  it('counts UTF-8 bytes, not characters', async () => {
    // 400,000 euro signs: 400,000 characters but 1,200,000 bytes.
    const error = await rejection(decodeArgs(readFileArgs(), `{"path":"${'€'.repeat(400_000)}"}`));
    expect(error.kind).toBe('payload_too_large');
    expect(error.modelText).toContain('are 1,200,011 bytes of JSON');
    const fits = await decodeArgs(readFileArgs(), `{"path":"${'€'.repeat(300_000)}"}`);
    expect(fits.path).toHaveLength(300_000);
  });

  it('takes a per-tool limit', async () => {
    const decode = createArgsDecoder(getArgsModel(readFileArgs()), { toolName: 'read_file', maxBytes: 16 });
    const error = decode('{"path":"src/index.ts"}') as ToolError;
    expect(error.kind).toBe('payload_too_large');
    expect(error.modelText).toContain(
      'The arguments for read_file are more than 16 bytes of JSON; the limit is 16 bytes.',
    );
    const counted = createArgsDecoder(getArgsModel(readFileArgs()), { maxBytes: 20 })(
      '{"path":"€€€€€"}',
    ) as ToolError;
    expect(counted.modelText).toContain('are 26 bytes of JSON; the limit is 20 bytes.');
  });

  it('fails fast on 200,000 unknown keys, as text and as a parsed value', async () => {
    const entries = Array.from({ length: 200_000 }, (_, i) => `"k${i}":0`);
    const text = `{"path":"a",${entries.join(',')}}`;
    const value: unknown = JSON.parse(text);
    const ReadFileArgs = readFileArgs();
    await decodeArgs(ReadFileArgs, '{"path":"warm-up"}');
    // CPU time of this process, so that other processes' load does not count.
    const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
      const started = process.cpuUsage();
      const result = await work();
      const used = process.cpuUsage(started);
      return [result, (used.user + used.system) / 1000];
    };
    // ~2.4 MB of text: refused by size before JSON.parse.
    const [tooLarge, tooLargeMs] = await timed(() => rejection(decodeArgs(ReadFileArgs, text)));
    expect(tooLarge.kind).toBe('payload_too_large');
    expect(tooLargeMs).toBeLessThan(50);
    // With the size limit raised, JSON.parse itself takes most of the time; the walk stops at 100,000 values.
    const [fromText, textMs] = await timed(() =>
      rejection(decodeArgs(ReadFileArgs, text, { maxBytes: 10 * 1024 * 1024 })),
    );
    expect(textMs).toBeLessThan(1000);
    // Already parsed: one enumeration of the keys, then the same stop.
    const [fromValue, valueMs] = await timed(() => invalid(ReadFileArgs, value));
    expect(valueMs).toBeLessThan(1000);
    for (const error of [fromText, fromValue]) {
      expect(error.kind).toBe('invalid_arguments');
      expect(error.issues).toHaveLength(20);
      expect(error.issues?.[0]).toEqual({
        path: '',
        expected: 'at most 100000 values in all',
        received: 'more',
        message: 'send less data in one call',
      });
      // 99,999 unknown keys fit under the limit of 100,000 values with "path": 100,000 issues in all.
      expect(error.modelText).toContain('\n  - … and 99980 more problems\n');
    }
  });
});

describe('unicode', () => {
  it('refuses an escaped lone surrogate, which would later become U+FFFD', async () => {
    const error = await invalid(readFileArgs(), '{"path":"ab\\ud800"}');
    expect(lines(error)).toEqual([
      '  - path: expected a string of at least 1 character, received a string with a lone surrogate (U+D800) at index 2; strings must be valid Unicode; send the character itself or a surrogate pair',
    ]);
    expect((await invalid(readFileArgs(), '{"path":"\\udc00x"}')).issues?.[0]?.received).toContain(
      '(U+DC00) at index 0',
    );
  });

  it('refuses U+0000', async () => {
    const error = await invalid(readFileArgs(), '{"path":"a\\u0000b"}');
    expect(error.issues?.[0]).toMatchObject({
      received: 'a string with U+0000 at index 1',
      message: 'U+0000 (NUL) is not allowed in strings',
    });
  });

  it('accepts surrogate pairs and counts each as one character', async () => {
    class Short {
      @Param({ description: 'Two characters at most', maxLength: 2, minLength: 2 })
      code!: string;
    }
    await expect(decodeArgs(Short, '{"code":"😀😀"}')).resolves.toMatchObject({ code: '😀😀' });
    await expect(decodeArgs(Short, '{"code":"\\ud83d\\ude00x"}')).resolves.toMatchObject({ code: '😀x' });
    const error = await invalid(Short, '{"code":"😀😀😀"}');
    expect(error.issues?.[0]?.message).toBe(
      'it has 3 characters (an emoji or other symbol beyond U+FFFF counts as one)',
    );
  });
});

describe('numbers for integer fields', () => {
  it('accepts 5, 5.0 and "5"', async () => {
    for (const offset of ['5', '5.0', '"5"', '5e0']) {
      const args = await decodeArgs(readFileArgs(), `{"path":"a","offset":${offset}}`);
      expect(args.offset).toBe(5);
    }
  });

  it('refuses numeric-looking strings outside /^-?(0|[1-9][0-9]*)$/', async () => {
    for (const offset of ['5abc', 'ten', '0x10', '1e3', '', ' 5', '5 ', '05', '+5', '5.0', '1_000', '٥']) {
      const error = await invalid(readFileArgs(), { path: 'a', offset });
      expect(error.issues).toEqual([
        { path: 'offset', expected: 'an integer >= 1', received: expect.any(String) as string },
      ]);
    }
    const error = await invalid(readFileArgs(), '{"path":"a","offset":"ten"}');
    expect(lines(error)).toEqual(['  - offset: expected an integer >= 1, received "ten"']);
  });

  it('refuses 5.5, and bounds apply after coercion', async () => {
    expect((await invalid(readFileArgs(), '{"path":"a","offset":5.5}')).issues?.[0]?.received).toBe('5.5');
    expect((await invalid(readFileArgs(), '{"path":"a","limit":"10001"}')).issues?.[0]).toMatchObject({
      expected: 'an integer from 1 to 10000',
      received: '"10001"',
    });
    expect((await invalid(readFileArgs(), '{"path":"a","offset":"0"}')).issues?.[0]?.expected).toBe(
      'an integer >= 1',
    );
  });

  it('refuses integers JSON cannot carry exactly, and numbers that became Infinity', async () => {
    const unsafe = await invalid(readFileArgs(), '{"path":"a","offset":9007199254740993}');
    expect(lines(unsafe)).toEqual([
      '  - offset: expected an integer >= 1, received 9007199254740992; integers beyond ±9007199254740991 lose precision in JSON, so the value received is not the value sent',
    ]);
    await invalid(readFileArgs(), '{"path":"a","offset":"9007199254740993"}');
    await invalid(readFileArgs(), '{"path":"a","offset":9007199254740992}');
    await expect(decodeArgs(readFileArgs(), '{"path":"a","offset":9007199254740991}')).resolves.toMatchObject(
      {
        offset: 9007199254740991,
      },
    );
    const infinite = await invalid(readFileArgs(), '{"path":"a","offset":1e400}');
    expect(infinite.issues?.[0]?.received).toBe('a number too large to represent (it became Infinity)');
  });

  it('never turns strings into numbers for non-integer number fields', async () => {
    class Scale {
      @Param({ description: 'Factor' })
      factor!: number;
    }
    await expect(decodeArgs(Scale, '{"factor":1.5}')).resolves.toMatchObject({ factor: 1.5 });
    for (const factor of ['"1.5"', '"5"', 'true', '{}', '[]', '1e400'])
      await invalid(Scale, `{"factor":${factor}}`);
  });
});

describe('unknown keys', () => {
  it('names an unknown top-level key, the allowed ones and the closest', async () => {
    const error = await invalid(readFileArgs(), '{"path":"a","ofset":3,"file_path":"b","zzz":1}');
    expect(lines(error)).toEqual([
      '  - ofset: expected only known properties (path, offset, limit), received an unknown property; did you mean "offset"?',
      '  - file_path: expected only known properties (path, offset, limit), received an unknown property; remove it',
      '  - zzz: expected only known properties (path, offset, limit), received an unknown property; remove it',
    ]);
  });

  it('names unknown keys nested in array items by their path', async () => {
    const { EditArgs } = editArgs();
    const error = await invalid(
      EditArgs,
      '{"path":"a","edits":[{"old_string":"x","new_string":"y","newString":"z"}]}',
    );
    expect(lines(error)).toEqual([
      '  - edits[0].newString: expected only known properties (old_string, new_string), received an unknown property; did you mean "new_string"?',
    ]);
  });

  it('quotes keys that are not identifiers', async () => {
    const error = await invalid(readFileArgs(), '{"path":"a","bad key\\n":1}');
    expect(error.issues?.[0]?.path).toBe('["bad key\\n"]');
  });
});

describe('null', () => {
  function nullArgs() {
    class NullArgs {
      @Param({ description: 'Required' })
      name!: string;

      @Param({ description: 'Optional', optional: true })
      note?: string;

      @Param({ description: 'Defaulted', default: 10, integer: true })
      size?: number;

      @Param({ description: 'Nullable', nullable: true, type: () => String })
      parent!: string | null;
    }
    return NullArgs;
  }

  it('reads null for an optional property as absent, applying its default', async () => {
    const args = await decodeArgs(nullArgs(), '{"name":"a","note":null,"size":null,"parent":"p"}');
    const absent = await decodeArgs(nullArgs(), '{"name":"a","parent":"p"}');
    // Exactly as absent: no own `note` with useDefineForClassFields false, an own `note: undefined`
    // (the class field itself) with true.
    expect(args.note).toBeUndefined();
    expect(Object.hasOwn(args, 'note')).toBe(Object.hasOwn(absent, 'note'));
    expect(args.size).toBe(10);
  });

  it('keeps null for a nullable property', async () => {
    const args = await decodeArgs(nullArgs(), '{"name":"a","parent":null}');
    expect(args.parent).toBeNull();
  });

  it('refuses null for a required property', async () => {
    const error = await invalid(nullArgs(), '{"name":null,"parent":null}');
    expect(lines(error)).toEqual(['  - name: expected a string, received null']);
    const missing = await invalid(nullArgs(), '{"name":"a"}');
    expect(lines(missing)).toEqual([
      '  - parent: expected a string or null, received nothing; required property is missing',
    ]);
  });
});

describe('wrong top-level type', () => {
  it.each([
    ['[]', 'an empty array'],
    ['[1,2]', 'an array of 2 items'],
    ['null', 'null'],
    ['"x"', '"x"'],
    ['5', '5'],
    ['true', 'true'],
  ])('refuses %s', async (raw, received) => {
    const error = await invalid(readFileArgs(), raw);
    expect(lines(error)).toEqual([
      `  - (arguments): expected a JSON object, received ${received}; the arguments must be a JSON object with the tool parameters as properties`,
    ]);
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'string')
      expect((await invalid(readFileArgs(), parsed)).issues?.[0]?.received).toBe(received);
  });

  it('says so when the arguments are JSON encoded twice', async () => {
    const error = await invalid(readFileArgs(), JSON.stringify(JSON.stringify({ path: 'a' })));
    expect(error.issues?.[0]?.message).toBe(
      'the arguments are a JSON string holding JSON; send the object itself, not a string',
    );
  });
});

describe('nested shapes', () => {
  it('makes arrays of classes into arrays of real instances', async () => {
    const { EditArgs, EditOp } = editArgs();
    const args = await decodeArgs(
      EditArgs,
      '{"path":"a","edits":[{"old_string":"x","new_string":"y"},{"old_string":"p","new_string":""}]}',
    );
    expect(args).toBeInstanceOf(EditArgs);
    expect(args.edits).toHaveLength(2);
    for (const edit of args.edits) expect(edit).toBeInstanceOf(EditOp);
    expect(args.edits[1]).toEqual(Object.assign(new EditOp(), { old_string: 'p', new_string: '' }));
  });

  it('refuses wrong nested types with their paths, listing every problem', async () => {
    const { EditArgs } = editArgs();
    const error = await invalid(
      EditArgs,
      '{"path":7,"edits":[{"old_string":"","new_string":1},"x",null,[]],"dryRun":"yes"}',
    );
    expect(lines(error)).toEqual([
      '  - path: expected a string, received 7',
      '  - edits[0].old_string: expected a string of at least 1 character, received "" (empty string)',
      '  - edits[0].new_string: expected a string, received 1',
      '  - edits[1]: expected an object with properties old_string, new_string, received "x"',
      '  - edits[2]: expected an object with properties old_string, new_string, received null',
      '  - edits[3]: expected an object with properties old_string, new_string, received an empty array',
      '  - dryRun: expected a boolean (true or false), received "yes"',
    ]);
  });

  it('reports missing nested required properties and array bounds', async () => {
    const { EditArgs } = editArgs();
    const error = await invalid(EditArgs, '{"path":"a","edits":[{"old_string":"x"}]}');
    expect(lines(error)).toEqual([
      '  - edits[0].new_string: expected a string, received nothing; required property is missing',
    ]);
    const empty = await invalid(EditArgs, '{"path":"a","edits":{}}');
    expect(lines(empty)).toEqual([
      '  - edits: expected an array of at least 1 objects, received an empty object',
    ]);
  });
});

describe('booleans', () => {
  function flagArgs() {
    class FlagArgs {
      @Param({ description: 'Flag' })
      recursive!: boolean;
    }
    return FlagArgs;
  }

  it('accepts true, false, "true" and "false"', async () => {
    for (const [raw, expected] of [
      ['true', true],
      ['false', false],
      ['"true"', true],
      ['"false"', false],
    ] as const) {
      await expect(decodeArgs(flagArgs(), `{"recursive":${raw}}`)).resolves.toMatchObject({
        recursive: expected,
      });
    }
  });

  it('refuses "yes", 1, 0, "TRUE", "1" and ""', async () => {
    for (const raw of ['"yes"', '1', '0', '"TRUE"', '"1"', '""', '"false "']) {
      const error = await invalid(flagArgs(), `{"recursive":${raw}}`);
      expect(error.issues?.[0]?.expected).toBe('a boolean (true or false)');
    }
  });
});
