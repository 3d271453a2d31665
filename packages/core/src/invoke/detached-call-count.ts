let detachedCalls = 0;

/**
 * How many calls, since the process started, were still running a grace period after their
 * signal was aborted (timeout or cancel) and so were detached: their late outcome is dropped.
 * A growing number means some tool ignores its signal.
 */
export function detachedCallCount(): number {
  return detachedCalls;
}

/** Counts one detached call (engine-internal). */
export function recordDetachedCall(): void {
  detachedCalls += 1;
}
