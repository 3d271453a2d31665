import type { ArgsModel } from '../model/args-model';
import type { TypeNode } from '../model/type-node';
import { AuthorCodeError } from './author-code-error';
import {
  compileModel,
  describeClass,
  isPlainObject,
  NOT_PLAIN_MESSAGE,
  type CompiledModel,
} from './compiled-model';
import { DecodeContext, INVALID } from './decode-context';
import { DecodeFailure } from './decode-failure';
import { resolveDecodeLimits, type DecodeLimits } from './decode-limits';
import { residualPlanOf, validatePendingAsync, validatePendingSync } from './residual-validation';

/**
 * A decoder compiled once for an args model. Called with an already-parsed value, it returns an
 * instance of the model's class or a `DecodeFailure`, synchronously — or a promise of either when
 * `isAsync` (some validator left to class-validator is async).
 */
export interface CompiledDecoder {
  (value: unknown, limits?: Partial<DecodeLimits>): object | DecodeFailure | Promise<object | DecodeFailure>;
  readonly model: ArgsModel;
  /** Whether results may be promises: only when residual class-validator validators are async. */
  readonly isAsync: boolean;
  /**
   * The structural pass alone, with a caller-made context: the instance, or `INVALID` with the
   * issues in the context. Instances left for class-validator are in `context.pending`.
   */
  walk(value: unknown, context: DecodeContext): object | typeof INVALID;
}

const decoders = new WeakMap<ArgsModel, CompiledDecoder>();

/** The decoder of an args model, compiled on first use and cached per model. */
export function compileDecoder(model: ArgsModel): CompiledDecoder {
  let decoder = decoders.get(model);
  if (decoder === undefined) {
    decoder = buildDecoder(model);
    decoders.set(model, decoder);
  }
  return decoder;
}

function buildDecoder(model: ArgsModel): CompiledDecoder {
  // Code generation waits for the first call: a registry of a thousand tools, most never called
  // in a session, should not pay for (and retain) a thousand generated decoders at startup.
  let root: CompiledModel | undefined;
  const isAsync = hasAsyncValidators(model);
  const walk = (value: unknown, context: DecodeContext): object | typeof INVALID =>
    decodeRoot((root ??= compileModel(model)), value, context);
  const decode = (
    value: unknown,
    limits?: Partial<DecodeLimits>,
  ): object | DecodeFailure | Promise<object | DecodeFailure> => {
    const context = new DecodeContext(resolveDecodeLimits(limits), false);
    return finishDecode(walk(value, context), context, isAsync);
  };
  return Object.assign(decode, { model, isAsync, walk });
}

/**
 * Completes a walk: runs the class-validator checks left in the context, then returns the
 * instance or the failure (a promise of either only when `isAsync`). Exceptions from author
 * validators come out wrapped in `AuthorCodeError`.
 */
export function finishDecode(
  walked: object | typeof INVALID,
  context: DecodeContext,
  isAsync: boolean,
): object | DecodeFailure | Promise<object | DecodeFailure> {
  if (context.issueCount > 0 || walked === INVALID) return context.failure() ?? new DecodeFailure([], 0);
  const pending = context.pending;
  if (pending === undefined) return walked;
  if (isAsync) {
    return validatePendingAsync(context, pending).then(() => context.failure() ?? walked, wrapAuthorError);
  }
  try {
    validatePendingSync(context, pending);
  } catch (error) {
    wrapAuthorError(error);
  }
  return context.failure() ?? walked;
}

function wrapAuthorError(error: unknown): never {
  throw error instanceof AuthorCodeError ? error : new AuthorCodeError(error);
}

function decodeRoot(
  compiled: CompiledModel,
  value: unknown,
  context: DecodeContext,
): object | typeof INVALID {
  // RELIABILITY R4: the arguments are one plain object.
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return context.report(undefined, undefined, 'a JSON object', value, undefined, rootHint(value));
  }
  if (!context.fromJson && !isPlainObject(value)) {
    return context.report(
      undefined,
      undefined,
      'a JSON object',
      value,
      describeClass(value),
      NOT_PLAIN_MESSAGE,
    );
  }
  context.depth = 1;
  return compiled.decodeFields(value as Record<string, unknown>, context, undefined);
}

function rootHint(value: unknown): string {
  if (typeof value === 'string' && /^\s*[{[]/.test(value)) {
    return 'the arguments are a JSON string holding JSON; send the object itself, not a string';
  }
  return 'the arguments must be a JSON object with the tool parameters as properties';
}

/** Whether a model, or a class it reaches, has async validators left to class-validator. */
function hasAsyncValidators(root: ArgsModel): boolean {
  // Most models reach no class: no walk, no set.
  if (!root.properties.some((property) => nestedModelOf(property.type) !== undefined))
    return root.needsClassValidator && residualPlanOf(root).async;
  const seen = new Set<ArgsModel>([root]);
  const stack = [root];
  while (stack.length > 0) {
    const model = stack.pop()!;
    if (model.needsClassValidator && residualPlanOf(model).async) return true;
    for (const property of model.properties) {
      const nested = nestedModelOf(property.type);
      if (nested !== undefined && !seen.has(nested)) {
        seen.add(nested);
        stack.push(nested);
      }
    }
  }
  return false;
}

/** The class a property's type stands for, looking through arrays. */
function nestedModelOf(node: TypeNode): ArgsModel | undefined {
  while (node.kind === 'array') node = node.items;
  return node.kind === 'object' ? node.model : undefined;
}
