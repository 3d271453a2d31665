// The listeners of every host signal that calls follow, behind one listener on the signal itself.
const followers = new WeakMap<AbortSignal, Set<() => void>>();
// How to take the one listener off its signal, by follower set.
const unlisten = new WeakMap<Set<() => void>, () => void>();

/**
 * Runs `onAbort` once when `signal` aborts; returns the unsubscribe. However many calls follow one
 * host signal at once (a session's, a server's), the signal gets a single `abort` listener: one
 * `EventTarget` listener per call made Node print `MaxListenersExceededWarning` from the eleventh
 * concurrent call on, and costs a listener object per call (docs/reliability.md, R18).
 */
export function followSignal(signal: AbortSignal, onAbort: () => void): () => void {
  let listeners = followers.get(signal);
  if (listeners === undefined) {
    const created = new Set<() => void>();
    listeners = created;
    followers.set(signal, created);
    const onAbort = (): void => {
      followers.delete(signal);
      for (const listener of created) {
        try {
          listener();
        } catch {
          // One broken follower must not keep the others from learning of the abort.
        }
      }
      created.clear();
    };
    signal.addEventListener('abort', onAbort, { once: true });
    unlisten.set(created, () => signal.removeEventListener('abort', onAbort));
  }
  // A wrapper per subscription, so one function following twice is unsubscribed once at a time.
  const entry = (): void => onAbort();
  listeners.add(entry);
  const subscribed = listeners;
  return () => {
    if (!subscribed.delete(entry) || subscribed.size > 0) return;
    // The last follower left: a long-lived host signal keeps no listener between calls.
    followers.delete(signal);
    unlisten.get(subscribed)?.();
  };
}
