import type * as AuthorCodeErrorModule from '../../../src/decode/author-code-error';
import type * as CompileModelModule from '../../../src/decode/compile-model';
import type * as CreateArgsDecoderModule from '../../../src/decode/create-args-decoder';
import type * as CreateDecodeFunctionModule from '../../../src/decode/create-decode-function';
import type * as DecodeContextModule from '../../../src/decode/decode-context';
import type * as DecodeLimitsModule from '../../../src/decode/decode-limits';
import type * as ScanFlatObjectModule from '../../../src/decode/scan-flat-object';
import type * as BuildArgsModelModule from '../../../src/model/build-args-model';

/** The decoder modules of one fresh module registry. */
export interface DecoderModules {
  readonly createDecodeFunction: typeof CreateDecodeFunctionModule.createDecodeFunction;
  readonly decodeText: typeof CreateDecodeFunctionModule.decodeText;
  readonly createArgsDecoder: typeof CreateArgsDecoderModule.createArgsDecoder;
  readonly createTextScanner: typeof ScanFlatObjectModule.createTextScanner;
  readonly resolveDecodeLimits: typeof DecodeLimitsModule.resolveDecodeLimits;
  /** The decode context of JSON text, and the marker of an invalid outcome, of this registry. */
  readonly DecodeContext: typeof DecodeContextModule.DecodeContext;
  readonly INVALID: typeof DecodeContextModule.INVALID;
  readonly getArgsModel: typeof BuildArgsModelModule.getArgsModel;
  readonly AuthorCodeError: typeof AuthorCodeErrorModule.AuthorCodeError;
  /**
   * The model compiled, with generated code when the registry allows it (checked, so a test cannot
   * compare the closures with themselves). Decoders of the model share its compiled form, so they
   * use the generated code too.
   */
  readonly compileModel: typeof CompileModelModule.compileModel;
}

/**
 * The decoder modules in a fresh registry, with code generation allowed (`generate`) or
 * forbidden, as edge runtimes and strict CSP forbid it.
 */
export function loadDecoderModules(generate: boolean): DecoderModules {
  let loaded: DecoderModules | undefined;
  jest.isolateModules(() => {
    jest.doMock('../../../src/decode/code-generation', () => ({
      ...jest.requireActual('../../../src/decode/code-generation'),
      codeGenerationAllowed: () => generate,
    }));
    /* eslint-disable @typescript-eslint/no-require-imports */
    const decode = require('../../../src/decode/create-decode-function') as typeof CreateDecodeFunctionModule;
    const { compileModel, generateModelCode } =
      require('../../../src/decode/compile-model') as typeof CompileModelModule;
    loaded = {
      createDecodeFunction: decode.createDecodeFunction,
      decodeText: decode.decodeText,
      createArgsDecoder: (
        require('../../../src/decode/create-args-decoder') as typeof CreateArgsDecoderModule
      ).createArgsDecoder,
      createTextScanner: (require('../../../src/decode/scan-flat-object') as typeof ScanFlatObjectModule)
        .createTextScanner,
      resolveDecodeLimits: (require('../../../src/decode/decode-limits') as typeof DecodeLimitsModule)
        .resolveDecodeLimits,
      DecodeContext: (require('../../../src/decode/decode-context') as typeof DecodeContextModule)
        .DecodeContext,
      INVALID: (require('../../../src/decode/decode-context') as typeof DecodeContextModule).INVALID,
      getArgsModel: (require('../../../src/model/build-args-model') as typeof BuildArgsModelModule)
        .getArgsModel,
      AuthorCodeError: (require('../../../src/decode/author-code-error') as typeof AuthorCodeErrorModule)
        .AuthorCodeError,
      compileModel: (model) => {
        const compiled = compileModel(model);
        expect(generateModelCode(compiled)).toBe(generate);
        expect(compiled.implementation.generated).toBe(generate);
        return compiled;
      },
    };
    /* eslint-enable @typescript-eslint/no-require-imports */
  });
  return loaded!;
}
