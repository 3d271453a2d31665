/**
 * What `AgentRunResult.error` holds for a failure: the thrown value itself when it is an Error (a
 * `ModelError` included), else an Error that says what was thrown and keeps it as `cause`, so
 * `result.error` is always an Error with a message a host can log.
 */
export function asRunError(thrown: unknown): Error {
  if (thrown instanceof Error) return thrown;
  let shown: string;
  try {
    shown = typeof thrown === 'string' ? JSON.stringify(thrown) : String(thrown);
  } catch {
    shown = 'an unprintable value';
  }
  return new Error(`The run failed with a thrown non-Error value: ${shown}`, { cause: thrown });
}
