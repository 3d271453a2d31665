/** Whether a value is a promise-like (has a callable `then`). Never throws. */
export function isThenable(value: unknown): value is PromiseLike<unknown> {
  try {
    return (
      (typeof value === 'object' || typeof value === 'function') &&
      value !== null &&
      typeof (value as { then?: unknown }).then === 'function'
    );
  } catch {
    return false;
  }
}
