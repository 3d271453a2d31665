import type { ArgsModel } from '../model/args-model';
import { createDecodeFunction } from './create-decode-function';
import { resolveDecodeLimits, type DecodeLimits } from './decode-limits';
import { hasAsyncValidators } from './has-async-validators';
import { ArgumentRejection, type ToolError } from './tool-error-adapter';

/** Options of `createArgsDecoder`: the tool named in error texts, and the decoding limits. */
export interface ArgsDecoderOptions extends Partial<DecodeLimits> {
  readonly toolName?: string;
  /**
   * Use the accelerator — a scanner for the common flat call and, for hot tools, generated code —
   * in front of the reference decoder (JSON.parse and shared closures). Default true; the outcome
   * is the same either way, only the speed differs.
   */
  readonly accelerate?: boolean;
}

/**
 * Decodes raw tool arguments (JSON text, an already-parsed value, or `undefined` for none) into an
 * args instance, or returns — never throws — a `ToolError` (`invalid_arguments`,
 * `payload_too_large`). Synchronous unless the model has async class-validator validators. Author
 * code that throws (a constructor, a `@Transform`, a custom validator) is rethrown as thrown.
 */
export interface ArgsDecoder<T> {
  (raw: unknown): T | ToolError | Promise<T | ToolError>;
  /** Whether results may be promises: only when the model has async class-validator validators. */
  readonly isAsync: boolean;
}

/** The runtime's decoder for one args model: limits, parse, duplicate keys, the compiled walk, errors. */
export function createArgsDecoder<T extends object>(
  model: ArgsModel,
  options: ArgsDecoderOptions = {},
): ArgsDecoder<T> {
  const decode = createDecodeFunction<T>(
    model,
    resolveDecodeLimits(options),
    options.toolName,
    options.accelerate !== false,
  );
  // The engine makes a rejection's error only when read; a decoder's caller always gets it.
  const decoder = (raw: unknown): T | ToolError | Promise<T | ToolError> => {
    const decoded = decode(raw);
    return decoded instanceof Promise ? decoded.then(errorOf) : errorOf(decoded);
  };
  return Object.assign(decoder, { isAsync: hasAsyncValidators(model) });
}

function errorOf<T>(decoded: T | ToolError | ArgumentRejection): T | ToolError {
  return decoded instanceof ArgumentRejection ? decoded.toError() : decoded;
}
