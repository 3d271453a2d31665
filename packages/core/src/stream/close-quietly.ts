import { isThenable } from './is-thenable';

/** Closes an iterator without waiting and without letting its rejection go unhandled. */
export function closeQuietly(iterator: AsyncIterator<unknown, unknown, undefined>): void {
  try {
    const closing = iterator.return?.();
    if (isThenable(closing)) Promise.resolve(closing).catch(() => undefined);
  } catch {
    // A throwing `return` is the stream's problem; the caller has its result already.
  }
}
