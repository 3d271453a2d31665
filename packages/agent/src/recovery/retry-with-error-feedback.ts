import type { InvalidCallHook } from './recovery-action';

/** Options of `retryWithErrorFeedback`. */
export interface RetryWithErrorFeedbackOptions {
  /** Retries allowed per run (default 2); after that the hook has no opinion, which is `fail`. */
  readonly maxRetries?: number;
  /** What to do once the retries are spent (default `fail`: the plain error goes back). */
  readonly whenExhausted?: 'fail' | 'stop';
}

/**
 * A hook that answers an invalid call with `retry`: the error's model text (what was wrong, field
 * by field) plus a request to send the corrected call. Each retry costs a model turn, counted
 * against `maxTurns`.
 */
export function retryWithErrorFeedback(options: RetryWithErrorFeedbackOptions = {}): InvalidCallHook {
  const maxRetries = options.maxRetries ?? 2;
  return (invalid) => {
    if (invalid.retries >= maxRetries) {
      return options.whenExhausted === 'stop'
        ? {
            action: 'stop',
            reason: `the model made ${invalid.retries + 1} invalid tool calls in a row; the last: ${invalid.error.modelText}`,
          }
        : undefined;
    }
    return {
      action: 'retry',
      feedback: `${invalid.error.modelText}\nCorrect the call and send it again (retry ${invalid.retries + 1} of ${maxRetries}).`,
    };
  };
}
