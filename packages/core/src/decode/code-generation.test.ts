import 'reflect-metadata';
import { Param } from '../decorators/param';
import type * as BuildArgsModelModule from '../model/build-args-model';
import type * as CodeGenerationModule from './code-generation';
import type * as CompileModelModule from './compile-model';
import type * as CreateDecodeFunctionModule from './create-decode-function';
import type * as DecodeAcceleratorModule from './decode-accelerator';
import { DEFAULT_DECODE_LIMITS } from './decode-limits';
import { ToolError } from './tool-error-adapter';

// Compiled models are cached per process: each test loads the decoder modules afresh.
interface Loaded {
  readonly createDecodeFunction: typeof CreateDecodeFunctionModule.createDecodeFunction;
  readonly compileModel: typeof CompileModelModule.compileModel;
  readonly getArgsModel: typeof BuildArgsModelModule.getArgsModel;
  readonly limits: Pick<typeof CodeGenerationModule, 'DECODES_BEFORE_GENERATING'>;
  readonly DecodeAccelerator: typeof DecodeAcceleratorModule.DecodeAccelerator;
}

function load(codeGenerationAllowed = true, generationThrows = false): Loaded {
  let loaded: Loaded | undefined;
  jest.isolateModules(() => {
    // Mocks outlive isolateModules: each load sets (or clears) both.
    if (codeGenerationAllowed) jest.dontMock('./code-generation');
    else {
      jest.doMock('./code-generation', () => ({
        ...jest.requireActual('./code-generation'),
        codeGenerationAllowed: () => false,
      }));
    }
    if (!generationThrows) jest.dontMock('./generate-fields-decoder');
    else {
      jest.doMock('./generate-fields-decoder', () => ({
        generateFieldsDecoder: () => {
          throw new EvalError('Code generation from strings disallowed for this context');
        },
      }));
    }
    /* eslint-disable @typescript-eslint/no-require-imports */
    loaded = {
      createDecodeFunction: (require('./create-decode-function') as typeof CreateDecodeFunctionModule)
        .createDecodeFunction,
      compileModel: (require('./compile-model') as typeof CompileModelModule).compileModel,
      getArgsModel: (require('../model/build-args-model') as typeof BuildArgsModelModule).getArgsModel,
      limits: require('./code-generation') as typeof CodeGenerationModule,
      DecodeAccelerator: (require('./decode-accelerator') as typeof DecodeAcceleratorModule)
        .DecodeAccelerator,
    };
    /* eslint-enable @typescript-eslint/no-require-imports */
  });
  return loaded!;
}

class Range {
  @Param({ description: 'First', integer: true, minimum: 0 })
  from!: number;

  @Param({ description: 'Last', integer: true, minimum: 0 })
  to!: number;
}

// A distinct args class on each call, with a nested class.
function newArgsClass() {
  class ReadArgs {
    @Param({ description: 'Path', minLength: 1 })
    path!: string;

    @Param({ description: 'Lines', optional: true, type: () => Range })
    lines?: Range;
  }
  return ReadArgs;
}

const VALID = '{"path":"a.ts"}';
const NESTED = '{"path":"a.ts","lines":{"from":1,"to":2}}';
const INVALID = '{"path":"","lines":{"from":-1}}';

/** What a decode gave: the instance's class and properties, or the error's kind and model text. */
function outcome(decoded: unknown): unknown {
  // Decoders from other module registries: their rejection class is not this one.
  const result = isRejection(decoded) ? decoded.toError() : decoded;
  if (ToolError.is(result)) return { kind: result.kind, text: result.modelText };
  return { className: (result as object).constructor.name, value: JSON.parse(JSON.stringify(result)) };
}

describe('generated code for hot args classes', () => {
  it('moves a class to generated code at its tool’s DECODES_BEFORE_GENERATING-th decode, with the same outcomes', () => {
    const { createDecodeFunction, compileModel, getArgsModel, limits } = load();
    const model = getArgsModel(newArgsClass());
    const compiled = compileModel(model);
    const closures = compiled.decodeFields;
    const decode = createDecodeFunction(model, DEFAULT_DECODE_LIMITS, 'read');
    const before = [VALID, NESTED, INVALID, JSON.parse(NESTED) as unknown].map((raw) => outcome(decode(raw)));
    for (let i = before.length; i < limits.DECODES_BEFORE_GENERATING - 1; i++) decode(VALID);
    expect(compiled.implementation.generated).toBe(false);
    expect(compiled.decodeFields).toBe(closures);

    decode(VALID);
    expect(compiled.implementation.generated).toBe(true);
    expect(compiled.decodeFields).not.toBe(closures);
    // The nested class is moved with it.
    const nested = compileModel(getArgsModel(Range));
    expect(nested.implementation.generated).toBe(true);
    // The scanner is rebuilt on the generated code; texts and parsed values decode as before.
    const after = [VALID, NESTED, INVALID, JSON.parse(NESTED) as unknown].map((raw) => outcome(decode(raw)));
    expect(after).toEqual(before);
    expect(before[1]).toEqual({
      className: 'ReadArgs',
      value: { path: 'a.ts', lines: { from: 1, to: 2 } },
    });
    expect(before[2]).toMatchObject({ kind: 'invalid_arguments' });
  });

  it('gives generated code to at most maxGeneratedClasses classes of one accelerator', () => {
    const { createDecodeFunction, compileModel, getArgsModel, limits, DecodeAccelerator } = load();
    const accelerator = new DecodeAccelerator({ maxGeneratedClasses: 3 });
    const call = { accelerator };
    // Two tools of one class take one place.
    const shared = getArgsModel(newArgsClass());
    const models = [shared, shared, ...Array.from({ length: 4 }, () => getArgsModel(newArgsClass()))];
    for (const model of models) {
      const decode = createDecodeFunction(model, DEFAULT_DECODE_LIMITS, 'read');
      for (let i = 0; i < limits.DECODES_BEFORE_GENERATING; i++) decode(VALID, call);
      expect(outcome(decode(NESTED, call))).toMatchObject({ value: { lines: { from: 1, to: 2 } } });
    }
    const generated = [...new Set(models)].map((model) => compileModel(model).implementation.generated);
    // The shared class, then the first classes until the budget runs out (Range is nested in all of them).
    expect(generated).toEqual([true, true, true, false, false]);
    expect(accelerator.generatedClasses).toBe(3);
    // Another accelerator has places of its own; a call outside any set draws on the tool's own.
    const other = getArgsModel(newArgsClass());
    const decode = createDecodeFunction(other, DEFAULT_DECODE_LIMITS, 'read');
    for (let i = 0; i < limits.DECODES_BEFORE_GENERATING; i++) decode(VALID);
    expect(compileModel(other).implementation.generated).toBe(true);
    expect(accelerator.generatedClasses).toBe(3);
  });

  it('keeps every class on the closures under an accelerator with no places', () => {
    const { createDecodeFunction, compileModel, getArgsModel, limits, DecodeAccelerator } = load();
    const call = { accelerator: new DecodeAccelerator({ maxGeneratedClasses: 0 }) };
    const model = getArgsModel(newArgsClass());
    const decode = createDecodeFunction(model, DEFAULT_DECODE_LIMITS, 'read');
    for (let i = 0; i < limits.DECODES_BEFORE_GENERATING + 20; i++) decode(VALID, call);
    expect(compileModel(model).implementation.generated).toBe(false);
    expect(outcome(decode(NESTED, call))).toMatchObject({ value: { lines: { from: 1, to: 2 } } });
    expect(() => new DecodeAccelerator({ maxGeneratedClasses: -1 })).toThrow(TypeError);
  });

  it('keeps the closures where the runtime forbids code generation', () => {
    const { createDecodeFunction, compileModel, getArgsModel, limits } = load(false);
    const model = getArgsModel(newArgsClass());
    const decode = createDecodeFunction(model, DEFAULT_DECODE_LIMITS, 'read');
    for (let i = 0; i < limits.DECODES_BEFORE_GENERATING + 20; i++) decode(NESTED);
    expect(compileModel(model).implementation.generated).toBe(false);
    expect(outcome(decode(NESTED))).toMatchObject({ value: { lines: { from: 1, to: 2 } } });
  });

  it('keeps the closures, and every call, when generating the code fails', () => {
    const { createDecodeFunction, compileModel, getArgsModel, limits } = load(true, true);
    const model = getArgsModel(newArgsClass());
    const decode = createDecodeFunction(model, DEFAULT_DECODE_LIMITS, 'read');
    const outcomes = Array.from({ length: limits.DECODES_BEFORE_GENERATING + 20 }, () =>
      outcome(decode(NESTED)),
    );
    expect(new Set(outcomes.map((o) => JSON.stringify(o)))).toEqual(
      new Set([
        JSON.stringify({ className: 'ReadArgs', value: { path: 'a.ts', lines: { from: 1, to: 2 } } }),
      ]),
    );
    expect(compileModel(model).implementation.generated).toBe(false);
  });
});

/** An `ArgumentRejection` of any module registry: what a decode function gives before its error. */
function isRejection(value: unknown): value is { toError(): ToolError } {
  return typeof (value as { toError?: unknown } | null)?.toError === 'function';
}
