// Captured at load, so fake timers installed later cannot hold a stream's turn back.
const schedule: (run: () => void) => void =
  typeof setImmediate === 'function'
    ? (run) => {
        setImmediate(run);
      }
    : (run) => {
        setTimeout(run, 0);
      };

/**
 * How long a loop over a stream may keep the event loop before it gives a turn back (ms). An
 * async generator that yields without awaiting anything settles every step in microtasks, so
 * timers (a deadline), I/O and a host's abort never get to run (F25, R17, docs/reliability.md):
 * every loop that pulls a stream gives the event loop one turn at least this often.
 */
export const STREAM_TURN_MS = 4;

/** The time by which a loop that just started (or just had a turn) must give the next one. */
export function nextTurnAt(): number {
  return performance.now() + STREAM_TURN_MS;
}

/** Whether a loop whose turn was due at `turnAt` must give the event loop a turn now. */
export function turnDue(turnAt: number): boolean {
  return performance.now() >= turnAt;
}

/** Resolves on the next turn of the event loop, after timers and I/O that are due. */
export function eventLoopTurn(): Promise<void> {
  return new Promise((resolve) => schedule(resolve));
}
