import 'reflect-metadata';
import fc from 'fast-check';
import { ToolError } from '../../src/errors/tool-error';
import { loadDecoderModules, type DecoderModules } from './support/decoder-modules';
import { buildClass, classSpec, NAMES } from './support/generated-classes';
import { junk, objectNear } from './support/near-miss';

// A decoder starts on closures and moves a hot class to code generated with `new Function`, where
// the runtime allows it (edge runtimes and strict CSP do not). Law: both give the same result —
// the same instance, or an error with the same text — on generated classes and values.

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

describe('the generated and the closure fields decoders', () => {
  it('decode generated classes and values identically', () => {
    const generated = loadDecoderModules(true);
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
