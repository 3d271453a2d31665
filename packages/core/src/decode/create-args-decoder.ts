import type { ArgsModel } from '../model/args-model';
import { AuthorCodeError } from './author-code-error';
import { compileDecoder, finishDecode } from './compile-decoder';
import { DecodeContext, INVALID } from './decode-context';
import { DecodeFailure } from './decode-failure';
import { resolveDecodeLimits, type DecodeLimits } from './decode-limits';
import { countColons, findDuplicateKeys } from './find-duplicate-keys';
import { jsonSyntaxIssue } from './json-syntax-issue';
import {
  deferredInvalidArgumentsError,
  invalidArgumentsError,
  payloadTooLargeError,
  ToolError,
} from './tool-error-adapter';
import { utf8Length } from './utf8-length';

/** Options of `createArgsDecoder`: the tool named in error texts, and the decoding limits. */
export interface ArgsDecoderOptions extends Partial<DecodeLimits> {
  readonly toolName?: string;
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
  const decoder = compileDecoder(model);
  const limits = resolveDecodeLimits(options);
  const { toolName } = options;
  const { maxBytes } = limits;

  const toResult = (outcome: object | DecodeFailure): T | ToolError => {
    if (!(outcome instanceof DecodeFailure)) return outcome as T;
    // The issue texts (paths, received values) are built only if someone reads them.
    if (outcome.omitted === 0 && outcome.total > 0)
      return deferredInvalidArgumentsError(() => outcome.issues, toolName);
    return invalidArgumentsError(outcome.issues, outcome.omitted, toolName);
  };

  const settle = (
    outcome: object | DecodeFailure | Promise<object | DecodeFailure>,
  ): T | ToolError | Promise<T | ToolError> =>
    outcome instanceof Promise ? outcome.then(toResult, rethrowAuthorCode) : toResult(outcome);

  const decodeText = (text: string): T | ToolError | Promise<T | ToolError> => {
    // R1 before anything else; a UTF-16 unit is at most 3 UTF-8 bytes, so short text needs no count.
    if (text.length * 3 > maxBytes) {
      if (text.length > maxBytes)
        return payloadTooLargeError(`more than ${maxBytes.toLocaleString('en-US')}`, maxBytes, toolName);
      const bytes = utf8Length(text);
      if (bytes > maxBytes) return payloadTooLargeError(bytes.toLocaleString('en-US'), maxBytes, toolName);
    }
    // R2: strict JSON.parse; empty text means {}.
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      const issue = jsonSyntaxIssue(text, error);
      if (issue !== undefined) return invalidArgumentsError([issue], 0, toolName);
      parsed = {};
    }
    const context = new DecodeContext(limits, true);
    const walked = decoder.walk(parsed, context);
    // R2: JSON.parse kept the last of any repeated key. A count of colons equal to the keys the
    // walk visited proves there was none; otherwise scan the text precisely.
    const noDuplicates = countColons(text, context.keys) === context.keys;
    // The common case, without the general completion below.
    if (noDuplicates && context.issueCount === 0 && context.pending === undefined && walked !== INVALID)
      return walked as T;
    if (!noDuplicates && !context.aborted) {
      const duplicates = findDuplicateKeys(text);
      context.addIssues(
        duplicates.map(({ path, count }) => ({
          path,
          expected: 'each property once',
          received: `it ${count} times`,
          message: 'JSON keeps only the last one, so send it once',
        })),
      );
    }
    return settle(finishDecode(walked, context, decoder.isAsync));
  };

  const decode = (raw: unknown): T | ToolError | Promise<T | ToolError> => {
    if (typeof raw === 'string') {
      try {
        return decodeText(raw);
      } catch (error) {
        rethrowAuthorCode(error);
      }
    }
    try {
      // Already parsed (R1/R2 were the host's): the walk reads it as untrusted JavaScript.
      const context = new DecodeContext(limits, false);
      return settle(
        finishDecode(decoder.walk(raw === undefined ? {} : raw, context), context, decoder.isAsync),
      );
    } catch (error) {
      if (error instanceof AuthorCodeError) throw error.thrown;
      // Reading a host-given value can throw (a getter, a Proxy): that is bad input, not a bug here.
      const issue = { path: '', expected: 'plain JSON data', received: 'a value that threw when read' };
      return invalidArgumentsError([issue], 0, toolName, error);
    }
  };
  return Object.assign(decode, { isAsync: decoder.isAsync });
}

function rethrowAuthorCode(error: unknown): never {
  throw error instanceof AuthorCodeError ? error.thrown : error;
}
