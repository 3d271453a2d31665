import type { ArgsModel } from '../model/args-model';
import { AuthorCodeError } from './author-code-error';
import { compileModel, type CompiledModel } from './compiled-model';
import { DecodeContext, INVALID } from './decode-context';
import { DecodeFailure } from './decode-failure';
import type { DecodeLimits } from './decode-limits';
import { countColons, findDuplicateKeys } from './find-duplicate-keys';
import { finishDecode } from './finish-decode';
import { jsonSyntaxIssue } from './json-syntax-issue';
import {
  deferredInvalidArgumentsError,
  invalidArgumentsError,
  payloadTooLargeError,
  ToolError,
} from './tool-error-adapter';
import { utf8Length } from './utf8-length';
import { walkRoot } from './walk-root';

/** Raw arguments to an args instance, or the `ToolError` of invalid ones (a promise of either when async). */
export type DecodeFunction<T> = (raw: unknown) => T | ToolError | Promise<T | ToolError>;

/**
 * The runtime's decoding of one args model: limits, parse, duplicate keys, the compiled walk,
 * errors. One closure and nothing else until the first call compiles the model: a registry of a
 * thousand tools, most never called in a session, should not pay for (and retain) a thousand
 * decoders at startup.
 */
export function createDecodeFunction<T extends object>(
  model: ArgsModel,
  limits: DecodeLimits,
  toolName: string | undefined,
): DecodeFunction<T> {
  let compiled: CompiledModel | undefined;
  return (raw) => {
    if (typeof raw === 'string') {
      try {
        return decodeText<T>(raw, (compiled ??= compileModel(model)), limits, toolName);
      } catch (error) {
        rethrowAuthorCode(error);
      }
    }
    try {
      // Already parsed (R1/R2 were the host's): the walk reads it as untrusted JavaScript.
      const context = new DecodeContext(limits, false);
      const walked = walkRoot((compiled ??= compileModel(model)), raw === undefined ? {} : raw, context);
      return settle<T>(finishDecode(walked, context, model), toolName);
    } catch (error) {
      if (error instanceof AuthorCodeError) throw error.thrown;
      // Reading a host-given value can throw (a getter, a Proxy): that is bad input, not a bug here.
      const issue = { path: '', expected: 'plain JSON data', received: 'a value that threw when read' };
      return invalidArgumentsError([issue], 0, toolName, error);
    }
  };
}

function decodeText<T>(
  text: string,
  compiled: CompiledModel,
  limits: DecodeLimits,
  toolName: string | undefined,
): T | ToolError | Promise<T | ToolError> {
  // R1 before anything else; a UTF-16 unit is at most 3 UTF-8 bytes, so short text needs no count.
  const maxBytes = limits.maxBytes;
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
  const walked = walkRoot(compiled, parsed, context);
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
  return settle<T>(finishDecode(walked, context, compiled.model), toolName);
}

function settle<T>(
  outcome: object | DecodeFailure | Promise<object | DecodeFailure>,
  toolName: string | undefined,
): T | ToolError | Promise<T | ToolError> {
  if (outcome instanceof Promise)
    return outcome.then((settled) => toResult<T>(settled, toolName), rethrowAuthorCode);
  return toResult<T>(outcome, toolName);
}

function toResult<T>(outcome: object | DecodeFailure, toolName: string | undefined): T | ToolError {
  if (!(outcome instanceof DecodeFailure)) return outcome as T;
  // The issue texts (paths, received values) are built only if someone reads them.
  if (outcome.omitted === 0 && outcome.total > 0)
    return deferredInvalidArgumentsError(() => outcome.issues, toolName);
  return invalidArgumentsError(outcome.issues, outcome.omitted, toolName);
}

function rethrowAuthorCode(error: unknown): never {
  throw error instanceof AuthorCodeError ? error.thrown : error;
}
