import type { ArgsModel } from '../model/args-model';
import { AuthorCodeError } from './author-code-error';
import { DECODES_BEFORE_GENERATING } from './code-generation';
import { compileModel, generateModelCode } from './compile-model';
import type { CompiledModel } from './compiled-model';
import { acceleratorOf, DecodeAccelerator } from './decode-accelerator';
import { DecodeContext, INVALID } from './decode-context';
import { DecodeFailure } from './decode-failure';
import type { DecodeLimits } from './decode-limits';
import { countColons, findDuplicateKeys } from './find-duplicate-keys';
import { finishDecode } from './finish-decode';
import { parseJsonArguments } from './json-syntax-issue';
import { createTextScanner, type TextScanner } from './scan-flat-object';
import {
  ArgumentRejection,
  invalidArgumentsError,
  payloadTooLargeError,
  ToolError,
} from './tool-error-adapter';
import { utf8Length } from './utf8-length';
import { walkRoot } from './walk-root';

/**
 * Longer text goes straight to JSON.parse: a long text is long strings, which JSON.parse's native
 * scan reads faster than the scanner (measured on read_file with a long path: the scanner wins by
 * ~100 ns at 256 units, breaks even near 600).
 */
const MAX_SCANNED_LENGTH = 512;

/**
 * Texts a decode function reads with JSON.parse before it builds its scanner: building one costs
 * some 5 µs (its closures; 70 µs more once the class has generated code), repaid after a few
 * dozen calls, so a tool called a few times (most tools of a large registry) never pays it.
 */
export const TEXTS_BEFORE_SCANNING = 16;

/**
 * What a decode function gives: the args instance; for invalid arguments the `ToolError`, or —
 * for the common rejection, issues that were all kept — an `ArgumentRejection` that makes it when
 * asked (the engine's failure result asks only when the host reads the error); a promise of any
 * of them when async.
 */
export type Decoded<T> = T | ToolError | ArgumentRejection;

/**
 * Raw arguments to a `Decoded` (a promise of it when async). `call` is the call being decoded
 * for, when there is one: its set's accelerator budget decides whether a hot tool's classes get
 * generated code (see `DecodeAccelerator`).
 */
export type DecodeFunction<T> = (raw: unknown, call?: unknown) => Decoded<T> | Promise<Decoded<T>>;

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
  accelerate = true,
): DecodeFunction<T> {
  let compiled: CompiledModel | undefined;
  // The scanner of the common flat call, from the TEXTS_BEFORE_SCANNING-th text on; null: the
  // model has none, or the accelerator is off (the reference path: JSON.parse and the closures).
  let scan: TextScanner | null | undefined = accelerate ? undefined : null;
  let texts = 0;
  // Counted up to DECODES_BEFORE_GENERATING, when the tool is hot and its classes may get
  // generated code; never, without the accelerator.
  let decodes = accelerate ? 0 : DECODES_BEFORE_GENERATING;
  const compiledModel = (call: unknown): CompiledModel => {
    compiled ??= compileModel(model);
    if (decodes < DECODES_BEFORE_GENERATING && ++decodes === DECODES_BEFORE_GENERATING) {
      // Another tool of the same class may have generated its code already: no new place taken.
      let generated = compiled.implementation.generated;
      try {
        // A call outside any set draws on a budget of this tool's own.
        const accelerator = acceleratorOf(call) ?? new DecodeAccelerator();
        generated ||= accelerator.claimGeneratedCode() && generateModelCode(compiled);
      } catch {
        // The closures decode exactly as generated code would: a failure to generate costs nothing.
      }
      // The scanner built so far uses closures: the next text builds one on the generated code.
      if (generated && scan !== null) scan = undefined;
    }
    return compiled;
  };
  return (raw, call) => {
    if (typeof raw === 'string') {
      try {
        const current = compiledModel(call);
        if (scan === undefined && ++texts >= TEXTS_BEFORE_SCANNING) scan = createTextScanner(current) ?? null;
        return decodeText<T>(raw, current, scan ?? null, limits, toolName);
      } catch (error) {
        rethrowAuthorCode(error);
      }
    }
    try {
      // Already parsed (R1/R2 were the host's): the walk reads it as untrusted JavaScript.
      const context = new DecodeContext(limits, false);
      const walked = walkRoot(compiledModel(call), raw === undefined ? {} : raw, context);
      return settle<T>(finishDecode(walked, context, model), toolName);
    } catch (error) {
      if (error instanceof AuthorCodeError) throw error.thrown;
      // Reading a host-given value can throw (a getter, a Proxy): that is bad input, not a bug here.
      const issue = { path: '', expected: 'plain JSON data', received: 'a value that threw when read' };
      return invalidArgumentsError([issue], 0, toolName, error);
    }
  };
}

/**
 * @internal Decodes JSON text: the flat object `scan` reads when it can (see `scanFlatObject`),
 * else through JSON.parse. Exported for the scanner's property test, whose oracle is the same
 * call with no scanner.
 */
export function decodeText<T>(
  text: string,
  compiled: CompiledModel,
  scan: TextScanner | null,
  limits: DecodeLimits,
  toolName: string | undefined,
): Decoded<T> | Promise<Decoded<T>> {
  // R1 before anything else; a UTF-16 unit is at most 3 UTF-8 bytes, so short text needs no count.
  if (text.length * 3 > limits.maxBytes) {
    const tooLarge = checkSize(text, limits.maxBytes, toolName);
    if (tooLarge !== undefined) return tooLarge;
  }
  // The common call, a flat object of known keys, is read without JSON.parse; anything else bails.
  if (scan === null || text.length > MAX_SCANNED_LENGTH)
    return parseAndDecode<T>(text, compiled, limits, toolName);
  const context = new DecodeContext(limits, true);
  const walked = scan(text, context);
  if (walked === undefined) return parseAndDecode<T>(text, compiled, limits, toolName);
  // The scanner proved that no key was repeated: no duplicate-key check.
  if (context.issueCount === 0 && context.pending === undefined && walked !== INVALID) return walked as T;
  return settle<T>(finishDecode(walked, context, compiled.model), toolName);
}

function checkSize(text: string, maxBytes: number, toolName: string | undefined): ToolError | undefined {
  if (text.length > maxBytes)
    return payloadTooLargeError(`more than ${maxBytes.toLocaleString('en-US')}`, maxBytes, toolName);
  const bytes = utf8Length(text);
  return bytes > maxBytes
    ? payloadTooLargeError(bytes.toLocaleString('en-US'), maxBytes, toolName)
    : undefined;
}

function parseAndDecode<T>(
  text: string,
  compiled: CompiledModel,
  limits: DecodeLimits,
  toolName: string | undefined,
): Decoded<T> | Promise<Decoded<T>> {
  const parsed = parseJsonArguments(text, toolName);
  if (parsed instanceof ToolError) return parsed;
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
): Decoded<T> | Promise<Decoded<T>> {
  if (outcome instanceof Promise)
    return outcome.then((settled) => toResult<T>(settled, toolName), rethrowAuthorCode);
  return toResult<T>(outcome, toolName);
}

function toResult<T>(outcome: object | DecodeFailure, toolName: string | undefined): Decoded<T> {
  if (!(outcome instanceof DecodeFailure)) return outcome as T;
  // The issue texts (paths, received values), and the error itself, are made only when read.
  if (outcome.omitted === 0 && outcome.total > 0)
    return new ArgumentRejection(() => outcome.issues, toolName);
  return invalidArgumentsError(outcome.issues, outcome.omitted, toolName);
}

function rethrowAuthorCode(error: unknown): never {
  throw error instanceof AuthorCodeError ? error.thrown : error;
}
