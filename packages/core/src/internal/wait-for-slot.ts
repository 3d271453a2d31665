import type { ConcurrencyGrant } from '../invoke/concurrency-limiter';

/** Subscribes `listener` to a call's abort and returns the unsubscribe (a call context's `onAbort`). */
export type AbortSubscription = (listener: () => void) => () => void;

/**
 * Waits in line for a concurrency slot: resolves with the slot's release once granted, or with
 * `undefined` once the call is aborted first (already aborted included), having left the line. A
 * slot granted in the same turn as the abort is handed back by `cancel`, so it never leaks. Takes
 * an `AbortSignal` or a call context's `onAbort`, which keeps one listener per call on a shared
 * host signal.
 */
export function waitForSlot(
  grant: Extract<ConcurrencyGrant, { status: 'queued' }>,
  aborted: AbortSignal | AbortSubscription,
): Promise<(() => void) | undefined> {
  const subscribe = typeof aborted === 'function' ? aborted : signalSubscription(aborted);
  return new Promise((resolve) => {
    let settled = false;
    const unsubscribe = subscribe(() => {
      if (settled) return;
      settled = true;
      grant.cancel();
      resolve(undefined);
    });
    if (settled) return;
    void grant.granted.then((release) => {
      unsubscribe();
      if (settled) return;
      settled = true;
      resolve(release);
    });
  });
}

function signalSubscription(signal: AbortSignal): AbortSubscription {
  return (listener) => {
    if (signal.aborted) {
      listener();
      return () => undefined;
    }
    signal.addEventListener('abort', listener, { once: true });
    return () => signal.removeEventListener('abort', listener);
  };
}
