// A random per-process prefix and a counter: unique enough for logs and correlation, and far
// cheaper than a UUID per call on the hot path.
const PREFIX = `call_${Math.random().toString(36).slice(2, 8)}_`;
let counter = 0;

/** A new call id, unique within the process (`call_k3j9x2_31`). */
export function createCallId(): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  // Decimal: V8 turns small integers into strings from a cache, base 36 it computes each time.
  return PREFIX + counter;
}
