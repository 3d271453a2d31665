// A random per-process prefix and a counter: unique enough for logs and correlation, and far
// cheaper than a UUID per call on the hot path.
const PREFIX = `call_${Math.random().toString(36).slice(2, 8)}_`;
let counter = 0;

/** A new call id, unique within the process (`call_k3j9x2_1f`). */
export function createCallId(): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  return PREFIX + counter.toString(36);
}
