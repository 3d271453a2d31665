import type { InvalidToolCall } from './invalid-tool-call';

/**
 * What to do with an invalid tool call:
 * - `fail`: the error's model text goes back as the call's result (the default);
 * - `retry`: `feedback` goes back instead, telling the model how to call again (the next turn counts against `maxTurns`);
 *   as the call's result by default, or with `rollback: true` as a new user message in place of the
 *   model's turn, which is dropped from the transcript (when no other call of the turn has run);
 * - `repair`: run the call under `toolName` (and `arguments`, when given) as if the model had asked for it;
 * - `skip`: do not run it; the model reads that it was skipped, and why;
 * - `stop`: end the run with `stopReason: 'stopped'` and `reason`.
 */
export type RecoveryAction =
  | { readonly action: 'fail' }
  | { readonly action: 'retry'; readonly feedback: string; readonly rollback?: boolean }
  | { readonly action: 'repair'; readonly toolName: string; readonly arguments?: string }
  | { readonly action: 'skip'; readonly reason: string }
  | { readonly action: 'stop'; readonly reason: string };

/** Decides what to do with an invalid call; `undefined` means no opinion, which is `fail`. */
export type InvalidCallHook = (
  invalid: InvalidToolCall,
) => RecoveryAction | undefined | Promise<RecoveryAction | undefined>;
