import type { ArgsModel } from '../model/args-model';
import { AuthorCodeError } from './author-code-error';
import { INVALID, type DecodeContext } from './decode-context';
import { DecodeFailure } from './decode-failure';
import { hasAsyncValidators } from './has-async-validators';
import { validatePendingAsync, validatePendingSync } from './residual-validation';

/**
 * Completes a walk: runs the class-validator checks left in the context, then returns the
 * instance or the failure (a promise of either when some validator left to class-validator is
 * async). Exceptions from author validators come out wrapped in `AuthorCodeError`.
 */
export function finishDecode(
  walked: object | typeof INVALID,
  context: DecodeContext,
  model: ArgsModel,
): object | DecodeFailure | Promise<object | DecodeFailure> {
  if (context.issueCount > 0 || walked === INVALID) return context.failure() ?? new DecodeFailure([], 0);
  const pending = context.pending;
  if (pending === undefined) return walked;
  // Asked only here, where class-validator runs anyway: most decoders never need the answer.
  if (hasAsyncValidators(model)) {
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
