import 'reflect-metadata';
import fc from 'fast-check';
import type * as CreateArgsDecoderModule from '../../src/decode/create-args-decoder';
import type * as BuildArgsModelModule from '../../src/model/build-args-model';
import { ToolError } from '../../src/errors/tool-error';
import { buildClass, classSpec, NAMES } from './support/generated-classes';
import { junk, objectNear } from './support/near-miss';

// The decoder generates code with `new Function` where the runtime allows it and falls back to
// closures where it does not (edge runtimes, strict CSP). Law: both give the same result — the
// same instance, or an error with the same text — on generated classes and values.

interface Loaded {
  readonly createArgsDecoder: typeof CreateArgsDecoderModule.createArgsDecoder;
  readonly getArgsModel: typeof BuildArgsModelModule.getArgsModel;
}

/** The decoder modules in a fresh registry, with code generation allowed or not. */
function load(generate: boolean): Loaded {
  let loaded: Loaded | undefined;
  jest.isolateModules(() => {
    jest.doMock('../../src/decode/code-generation', () => ({ codeGenerationAllowed: () => generate }));
    /* eslint-disable @typescript-eslint/no-require-imports */
    loaded = {
      createArgsDecoder: (require('../../src/decode/create-args-decoder') as typeof CreateArgsDecoderModule)
        .createArgsDecoder,
      getArgsModel: (require('../../src/model/build-args-model') as typeof BuildArgsModelModule).getArgsModel,
    };
    /* eslint-enable @typescript-eslint/no-require-imports */
  });
  return loaded!;
}

type Outcome = { readonly instance: unknown } | { readonly kind: string; readonly text: string };

function outcome(result: unknown): Outcome {
  return ToolError.is(result) ? { kind: result.kind, text: result.modelText } : { instance: result };
}

describe('the generated and the closure fields decoders', () => {
  it('decode generated classes and values identically', () => {
    const generated = load(true);
    const closures = load(false);
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
        const fast = generated.createArgsDecoder(generated.getArgsModel(argsClass), { toolName: 't' });
        const slow = closures.createArgsDecoder(closures.getArgsModel(argsClass), { toolName: 't' });
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
