import { getArgsModel } from '../model/build-args-model';
import { createArgsDecoder, type ArgsDecoder, type ArgsDecoderOptions } from './create-args-decoder';
import { ToolError } from './tool-error-adapter';

const defaultDecoders = new WeakMap<Function, ArgsDecoder<object>>();

/**
 * Decodes raw tool arguments (JSON text or an already-parsed value) into an instance of
 * `argsClass`, following R1–R7 (docs/reliability.md). Rejects with a `ToolError` of kind
 * `invalid_arguments` listing every problem by JSON path, or `payload_too_large`; rejects with the
 * class's `ToolDefinitionError` when the class cannot describe arguments.
 */
export async function decodeArgs<T extends object>(
  argsClass: abstract new (...args: never[]) => T,
  raw: unknown,
  options?: ArgsDecoderOptions,
): Promise<T> {
  const result = await decoderFor<T>(argsClass, options)(raw);
  if (result instanceof ToolError) throw result;
  return result;
}

function decoderFor<T extends object>(
  argsClass: Function,
  options: ArgsDecoderOptions | undefined,
): ArgsDecoder<T> {
  if (options !== undefined) return createArgsDecoder<T>(getArgsModel(argsClass), options);
  let decoder = defaultDecoders.get(argsClass);
  if (decoder === undefined) {
    decoder = createArgsDecoder<object>(getArgsModel(argsClass));
    defaultDecoders.set(argsClass, decoder);
  }
  return decoder as ArgsDecoder<T>;
}
