type Memo =
  | { readonly status: 'empty' }
  | { readonly status: 'pending'; readonly promise: Promise<unknown> }
  | { readonly status: 'done'; readonly value: unknown };

/**
 * Wraps a factory so it runs once: a sync result is kept; an async one is shared as one promise
 * by every concurrent first use (Inversify would otherwise call a dynamic value per resolution
 * while the first is still pending), then kept. A failure is not kept: the next use tries again.
 */
export function memoizeFactory(create: () => unknown): () => unknown {
  let memo: Memo = { status: 'empty' };
  return () => {
    if (memo.status === 'done') return memo.value;
    if (memo.status === 'pending') return memo.promise;
    const result = create();
    if (!isPromiseLike(result)) {
      memo = { status: 'done', value: result };
      return result;
    }
    const promise = Promise.resolve(result).then(
      (value) => {
        memo = { status: 'done', value };
        return value;
      },
      (error: unknown) => {
        memo = { status: 'empty' };
        throw error;
      },
    );
    // A sync `get` that meets the pending promise throws without awaiting it; keep its rejection handled.
    promise.catch(() => undefined);
    memo = { status: 'pending', promise };
    return promise;
  };
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}
