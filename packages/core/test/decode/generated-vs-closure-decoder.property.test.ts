import 'reflect-metadata';
import fc from 'fast-check';
import type * as CompiledModelModule from '../../src/decode/compiled-model';
import type * as CreateArgsDecoderModule from '../../src/decode/create-args-decoder';
import type * as BuildArgsModelModule from '../../src/model/build-args-model';
import { ToolError } from '../../src/errors/tool-error';
import { buildClass, classSpec, NAMES } from './support/generated-classes';
import { junk, objectNear } from './support/near-miss';

// A decoder starts on closures and moves a hot class to code generated with `new Function`, where
// the runtime allows it (edge runtimes and strict CSP do not). Law: both give the same result —
// the same instance, or an error with the same text — on generated classes and values.

interface Loaded {
  readonly createArgsDecoder: typeof CreateArgsDecoderModule.createArgsDecoder;
  readonly getArgsModel: typeof BuildArgsModelModule.getArgsModel;
  /** The class's model, compiled, and given generated code when `generate` (checked). */
  readonly modelOf: (argsClass: Function) => ReturnType<typeof BuildArgsModelModule.getArgsModel>;
}

/** The decoder modules in a fresh registry, with code generation allowed or not. */
function load(generate: boolean): Loaded {
  let loaded: Loaded | undefined;
  jest.isolateModules(() => {
    jest.doMock('../../src/decode/code-generation', () => ({
      ...jest.requireActual('../../src/decode/code-generation'),
      codeGenerationAllowed: () => generate,
    }));
    /* eslint-disable @typescript-eslint/no-require-imports */
    const { compileModel, generateModelCode } =
      require('../../src/decode/compiled-model') as typeof CompiledModelModule;
    const getArgsModel = (require('../../src/model/build-args-model') as typeof BuildArgsModelModule)
      .getArgsModel;
    loaded = {
      createArgsDecoder: (require('../../src/decode/create-args-decoder') as typeof CreateArgsDecoderModule)
        .createArgsDecoder,
      getArgsModel,
      modelOf: (argsClass) => {
        const model = getArgsModel(argsClass);
        // Decoders of the model share its compiled form, so they use the generated code too.
        const compiled = compileModel(model);
        expect(generateModelCode(compiled)).toBe(generate);
        expect(compiled.generated).toBe(generate);
        return model;
      },
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
        const fast = generated.createArgsDecoder(generated.modelOf(argsClass), { toolName: 't' });
        const slow = closures.createArgsDecoder(closures.modelOf(argsClass), { toolName: 't' });
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
