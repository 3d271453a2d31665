import 'reflect-metadata';
import { Param } from '../../decorators/param';
import { ToolError } from '../../errors/tool-error';
import type { LenientDecoder } from '../../model/args-model';
import { getArgsModel } from '../../model/build-args-model';
import { schemaOf } from '../../schema/schema-of';
import { TEXTS_BEFORE_SCANNING } from '../create-decode-function';
import { createArgsDecoder } from '../create-args-decoder';
import { decodeArgs } from '../decode-args';
import { commaSeparated } from './comma-separated';
import { jsonString } from './json-string';
import { numericString } from './numeric-string';

async function refusal(argsClass: abstract new () => object, raw: unknown): Promise<ToolError> {
  try {
    await decodeArgs(argsClass, raw);
  } catch (error) {
    if (ToolError.is(error)) return error;
    throw error;
  }
  throw new Error('expected the arguments to be refused');
}

describe('commaSeparated', () => {
  class TagArgs {
    @Param({ type: () => [String], lenient: commaSeparated(), maxItems: 3, minLength: 1 })
    tags!: string[];

    @Param({ type: () => [Number], integer: true, optional: true, lenient: commaSeparated() })
    lines?: number[];

    @Param({ type: () => [Number], optional: true, lenient: commaSeparated({ separator: ';' }) })
    weights?: number[];
  }

  it('reads "a, b,c" as ["a", "b", "c"] and takes the canonical array as it is', async () => {
    expect(await decodeArgs(TagArgs, '{"tags":"a, b,c"}')).toEqual({ tags: ['a', 'b', 'c'] });
    expect(await decodeArgs(TagArgs, { tags: ['a, b'] })).toEqual({ tags: ['a, b'] });
  });

  it('reads number items as numbers, with its separator', async () => {
    expect(await decodeArgs(TagArgs, { tags: 'x', lines: '3, 5', weights: '0.5; -2' })).toEqual({
      tags: ['x'],
      lines: [3, 5],
      weights: [0.5, -2],
    });
  });

  it('holds what it reads to the declared items and bounds', async () => {
    const tooMany = await refusal(TagArgs, { tags: 'a,b,c,d' });
    expect(tooMany.modelText).toContain('tags');
    expect(tooMany.modelText).toContain('an array of at most 3 strings');
    const empty = await refusal(TagArgs, { tags: 'a,,b' });
    expect(empty.modelText).toContain('tags[1]');
    const word = await refusal(TagArgs, { tags: 'a', lines: '3, five' });
    expect(word.modelText).toContain('lines[1]');
    expect(word.modelText).toContain('"five"');
    const fraction = await refusal(TagArgs, { tags: 'a', lines: '3.5' });
    expect(fraction.modelText).toContain('lines[0]');
  });

  it('refuses a blank separator when it is made', () => {
    expect(() => commaSeparated({ separator: ' ' })).toThrow('the separator must be a non-blank string');
  });
});

describe('numericString', () => {
  class PageArgs {
    @Param({ integer: true, minimum: 1, lenient: numericString() })
    page!: number;

    @Param({ optional: true, lenient: numericString() })
    ratio?: number;

    @Param({ type: () => [Number], optional: true, lenient: numericString() })
    points?: number[];
  }

  class StrictPageArgs {
    @Param({ integer: true, minimum: 1 })
    page!: number;
  }

  it('reads a number written in decimal notation, on the property or each item of an array', async () => {
    expect(await decodeArgs(PageArgs, '{"page":"12","ratio":"-0.25","points":["1","2.5",3]}')).toEqual({
      page: 12,
      ratio: -0.25,
      points: [1, 2.5, 3],
    });
  });

  it('never reads "ten", "1e3", " 1", "+1" or "0x10", and says what the declared rule says', async () => {
    for (const sent of ['ten', '1e3', ' 1', '+1', '0x10', 'Infinity', '']) {
      const lenient = await refusal(PageArgs, { page: 1, ratio: sent });
      expect(lenient.modelText).toContain('ratio');
      expect(lenient.modelText).toContain('a number');
    }
    const lenient = await refusal(PageArgs, { page: 'ten' });
    const strict = await refusal(StrictPageArgs, { page: 'ten' });
    expect(lenient.modelText).toBe(strict.modelText.replace('StrictPageArgs', 'PageArgs'));
  });

  it('leaves integer and bounds to the declared check: "5.5" and "0" for an integer >= 1 are refused', async () => {
    expect((await refusal(PageArgs, { page: '5.5' })).modelText).toContain('an integer >= 1');
    expect((await refusal(PageArgs, { page: '0' })).modelText).toContain('an integer >= 1');
  });

  it('changes nothing in the schema', () => {
    class PlainPageArgs {
      @Param({ integer: true, minimum: 1 })
      page!: number;

      @Param({ optional: true })
      ratio?: number;

      @Param({ type: () => [Number], optional: true })
      points?: number[];
    }
    expect(schemaOf(PageArgs)).toEqual(schemaOf(PlainPageArgs));
  });
});

describe('jsonString', () => {
  class Range {
    @Param({ integer: true, minimum: 1 })
    start!: number;

    @Param({ integer: true, minimum: 1 })
    end!: number;
  }

  class RangeArgs {
    @Param({ type: () => Range, lenient: jsonString() })
    range!: Range;

    @Param({ type: () => [Range], optional: true, lenient: jsonString() })
    more?: Range[];
  }

  it('reads an object or an array sent as JSON text into real instances', async () => {
    const decoded = await decodeArgs(RangeArgs, {
      range: '{"start": 1, "end": 3}',
      more: '[{"start":4,"end":4}]',
    });
    expect(decoded.range).toBeInstanceOf(Range);
    expect(decoded).toEqual({ range: { start: 1, end: 3 }, more: [{ start: 4, end: 4 }] });
  });

  it('refuses text that is not JSON, with a hint, and repeated keys', async () => {
    const broken = await refusal(RangeArgs, { range: '{"start": 1, "end": 3,}' });
    expect(broken.modelText).toContain(
      'the string is not valid JSON; send the object itself rather than a string',
    );
    const repeated = await refusal(RangeArgs, { range: '{"start": 1, "start": 2, "end": 3}' });
    expect(repeated.modelText).toContain('holds start 2 times');
  });

  it('holds what it parses to the nested class: unknown and reserved keys, bounds, depth', async () => {
    const unknown = await refusal(RangeArgs, { range: '{"start":1,"end":2,"stop":3}' });
    expect(unknown.modelText).toContain('range.stop');
    const reserved = await refusal(RangeArgs, { range: '{"start":1,"end":2,"__proto__":{"x":1}}' });
    expect(reserved.modelText).toContain('__proto__');
    expect(({} as Record<string, unknown>)['x']).toBeUndefined();
    const bounds = await refusal(RangeArgs, { range: '{"start":0,"end":2}' });
    expect(bounds.modelText).toContain('range.start');
    const deep = `${'['.repeat(100)}${']'.repeat(100)}`;
    const tooDeep = await refusal(RangeArgs, { range: { start: 1, end: 1 }, more: deep });
    expect(tooDeep.modelText).toContain('more');
  });

  it('holds what it parses to the hostile-input rules: lone surrogates, NUL, the value count', async () => {
    class NoteArgs {
      @Param({ type: () => [String], lenient: jsonString() })
      notes!: string[];
    }
    expect((await refusal(NoteArgs, { notes: '["a\\ud800"]' })).modelText).toContain('notes[0]');
    expect((await refusal(NoteArgs, { notes: '["a\\u0000"]' })).modelText).toContain('U+0000');
    const many = JSON.stringify(Array.from({ length: 200_001 }, () => 'x'));
    const tooMany = await decodeArgs(NoteArgs, { notes: many }, { maxBytes: 4 * 1024 * 1024 }).catch(
      (error: unknown) => error,
    );
    expect(ToolError.is(tooMany) && tooMany.modelText).toContain('values in all');
  });

  it('leaves strings that do not open as the declared type to the declared check', async () => {
    const text = (await refusal(RangeArgs, { range: 'start=1' })).modelText;
    expect(text).toContain('range');
    expect(text).not.toContain('not valid JSON');
  });
});

describe('a custom lenient decoder', () => {
  const yesNo: LenientDecoder = {
    name: 'yesNo',
    widens: 'a boolean',
    supports: (type) => type.kind === 'boolean',
    read: (value) => (value === 'yes' ? { value: true } : value === 'no' ? { value: false } : undefined),
  };

  it('reads its own narrow form', async () => {
    class ConfirmArgs {
      @Param({ lenient: yesNo })
      confirm!: boolean;
    }
    expect(await decodeArgs(ConfirmArgs, { confirm: 'yes' })).toEqual({ confirm: true });
    expect(await decodeArgs(ConfirmArgs, { confirm: 'true' })).toEqual({ confirm: true });
    expect((await refusal(ConfirmArgs, { confirm: 'maybe' })).modelText).toContain('a boolean');
  });

  it('is never offered a value of the canonical type, so canonical input decodes as without it', async () => {
    const everything: LenientDecoder = {
      name: 'everything',
      widens: 'a string',
      supports: (type) => type.kind === 'string',
      read: () => ({ value: 'replaced' }),
    };
    class NoteArgs {
      @Param({ lenient: everything, maxLength: 3 })
      note!: string;
    }
    expect(await decodeArgs(NoteArgs, { note: 'abc' })).toEqual({ note: 'abc' });
    expect((await refusal(NoteArgs, { note: 'abcd' })).modelText).toContain('at most 3 characters');
    // A value of another type is offered to it, and what it reads still meets the declared rule.
    expect((await refusal(NoteArgs, { note: 5 })).modelText).toContain('note');
  });

  it('refuses with its own reason', async () => {
    const picky: LenientDecoder = {
      name: 'picky',
      widens: 'a number',
      supports: (type) => type.kind === 'number',
      read: (value) =>
        typeof value === 'string' ? { refused: 'write the number without quotes' } : undefined,
    };
    class CountArgs {
      @Param({ lenient: picky })
      count!: number;
    }
    expect((await refusal(CountArgs, { count: '3' })).modelText).toContain('write the number without quotes');
  });

  it('is author code: what it throws, or a value that is not plain JSON data, reaches the host as thrown', async () => {
    const thrown = new Error('bug in the decoder');
    const throwing: LenientDecoder = {
      name: 'throwing',
      widens: 'a number',
      supports: () => true,
      read: () => {
        throw thrown;
      },
    };
    const dated: LenientDecoder = {
      name: 'dated',
      widens: 'an object',
      supports: () => true,
      read: () => ({ value: [new Date(0)] }),
    };
    class ThrowArgs {
      @Param({ lenient: throwing })
      count!: number;
    }
    class DatedArgs {
      @Param({ type: () => [String], lenient: dated })
      days!: string[];
    }
    await expect(decodeArgs(ThrowArgs, { count: '1' })).rejects.toBe(thrown);
    await expect(decodeArgs(DatedArgs, { days: 'monday' })).rejects.toThrow(
      'The lenient decoder dated read a value that is not plain JSON data.',
    );
  });
});

describe('declaring leniency', () => {
  it('is a definition problem on a type the decoder does not read', () => {
    class WrongArgs {
      @Param({ lenient: commaSeparated() })
      count!: number;

      @Param({ lenient: { name: 'x' } as unknown as LenientDecoder })
      note!: string;
    }
    expect(() => getArgsModel(WrongArgs)).toThrow(
      'its lenient decoder commaSeparated reads an array of strings, numbers, booleans or enum values, not a number.',
    );
    expect(() => getArgsModel(WrongArgs)).toThrow('its lenient option is not a lenient decoder.');
  });

  it('is kept out of the model of a property that declares none', () => {
    class PlainArgs {
      @Param()
      path!: string;
    }
    expect(getArgsModel(PlainArgs).byName.get('path')).not.toHaveProperty('lenient');
  });
});

describe('leniency on the accelerated paths', () => {
  it('is honoured by the scanner and by generated code, as on the reference path', () => {
    class ReadArgs {
      @Param()
      path!: string;

      @Param({ integer: true, optional: true, lenient: numericString() })
      offset?: number;

      @Param({ type: () => [String], lenient: commaSeparated() })
      tags!: string[];
    }
    const accelerated = createArgsDecoder<ReadArgs>(getArgsModel(ReadArgs));
    const reference = createArgsDecoder<ReadArgs>(getArgsModel(ReadArgs), { accelerate: false });
    // Past the scanner's threshold and the generated code's (DECODES_BEFORE_GENERATING).
    for (let i = 0; i < Math.max(TEXTS_BEFORE_SCANNING, 1001) + 5; i += 1) {
      const text = `{"path":"a.ts","offset":"${i + 1}","tags":"x, y"}`;
      expect(accelerated(text)).toEqual({ path: 'a.ts', offset: i + 1, tags: ['x', 'y'] });
      expect(reference(text)).toEqual({ path: 'a.ts', offset: i + 1, tags: ['x', 'y'] });
    }
  });
});
