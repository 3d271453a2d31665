import 'reflect-metadata';
import fc from 'fast-check';
import type { DecoderImplementation } from '../../src/decode/compiled-model';
import { CLOSURE_DECODERS, DECODER_IMPLEMENTATIONS } from '../../src/decode/decoder-implementations';
import { ToolError } from '../../src/errors/tool-error';
import { loadDecoderModules, type DecoderModules } from './support/decoder-modules';
import { buildClass, classSpec, NAMES } from './support/generated-classes';
import { junk, objectNear } from './support/near-miss';

// The contract of a `DecoderImplementation`, run against every one the accelerator has: the
// closures are the reference, and each other implementation gives the same outcome on every
// input. (The text scanner built on either set of keys is held to the JSON.parse path in
// text-scanner.property.test.ts; the scanner's own cases run per implementation in
// scan-flat-object.test.ts.)

const EVERY: ReadonlyArray<[string, DecoderImplementation]> = DECODER_IMPLEMENTATIONS.map((i) => [i.name, i]);
const ACCELERATED = EVERY.filter(([, implementation]) => implementation !== CLOSURE_DECODERS);

// Names a scanner reads: no quote, backslash or control character (others are never scanned).
const plainName = fc.string({ maxLength: 6 }).filter((name) => !/["\\\u0000-\u001f]/.test(name));

describe.each(EVERY)('the %s scanned keys', (_name, implementation) => {
  it('find exactly the name written at a position, followed by its closing quote', () => {
    const cases = fc.uniqueArray(plainName, { minLength: 1, maxLength: 31 }).chain((names) =>
      fc.tuple(
        fc.constant(names),
        fc.string({ maxLength: 3 }),
        fc.oneof(
          fc
            .constantFrom(...names)
            .chain((name) => fc.constantFrom(`${name}"`, name, `${name}x"`, `${name}"x`)),
          fc.string({ maxLength: 8 }),
        ),
      ),
    );
    fc.assert(
      fc.property(cases, ([names, prefix, probe]) => {
        const text = prefix + probe;
        fc.pre(prefix.length < text.length);
        const keys = implementation.scannedKeys(names);
        const start = prefix.length;
        const expected = names.findIndex((name) => text.startsWith(`${name}"`, start));
        expect(keys.indexAt(text, start, text.length)).toBe(expected);
        expect(keys.lengths).toEqual(names.map((name) => name.length));
      }),
      { numRuns: 500 },
    );
  });

  it('store each value under its own name', () => {
    fc.assert(
      fc.property(fc.uniqueArray(plainName, { minLength: 1, maxLength: 31 }), (names) => {
        const keys = implementation.scannedKeys(names);
        const record: Record<string, unknown> = {};
        names.forEach((_, index) => keys.store(record, index, index));
        expect(Object.entries(record).sort()).toEqual(names.map((name, index) => [name, index]).sort());
      }),
      { numRuns: 200 },
    );
  });
});

/** The class's model, compiled by `loaded` (with generated code when it allows it). */
function modelOf(loaded: DecoderModules, argsClass: Function) {
  const model = loaded.getArgsModel(argsClass);
  loaded.compileModel(model);
  return model;
}

type Outcome = { readonly instance: unknown } | { readonly kind: string; readonly text: string };

function outcome(result: unknown): Outcome {
  return ToolError.is(result) ? { kind: result.kind, text: result.modelText } : { instance: result };
}

describe.each(ACCELERATED)('the %s fields decoder, held to the reference', (_name, implementation) => {
  it('decodes generated classes and values as the closures do', () => {
    const generated = loadDecoderModules(implementation.generated);
    const closures = loadDecoderModules(false);
    const cases = classSpec(0).chain((spec) => {
      const argsClass = buildClass(spec);
      const values = fc.array(
        fc.oneof(
          { weight: 8, arbitrary: objectNear(generated.getArgsModel(argsClass)) as fc.Arbitrary<unknown> },
          {
            weight: 1,
            arbitrary: fc.dictionary(
              fc.constantFrom(...NAMES, '__proto__', 'constructor'),
              fc.jsonValue({ maxDepth: 2 }),
            ),
          },
          { weight: 1, arbitrary: junk },
        ),
        { minLength: 3, maxLength: 3 },
      );
      return fc.tuple(fc.constant(argsClass), values);
    });
    let accepted = 0;
    fc.assert(
      fc.property(cases, ([argsClass, values]) => {
        const fast = generated.createArgsDecoder(modelOf(generated, argsClass), { toolName: 't' });
        const slow = closures.createArgsDecoder(modelOf(closures, argsClass), { toolName: 't' });
        for (const value of values) {
          for (const raw of [JSON.stringify(value), value]) {
            const expected = outcome(slow(raw));
            expect(outcome(fast(raw))).toStrictEqual(expected);
            if ('instance' in expected) accepted++;
          }
        }
      }),
      { numRuns: 300 },
    );
    expect(accepted).toBeGreaterThan(200);
  }, 120_000);
});
