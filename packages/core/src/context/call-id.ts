// A random per-process prefix and a counter: unique enough for logs and correlation, and far
// cheaper than a UUID per call on the hot path.
const PREFIX = `call_${Math.random().toString(36).slice(2, 8)}_`;
// No wrap-around: a million calls a second would take 285 years to pass 2^53 (and `%` on a
// number that large is a floating-point remainder, a noticeable cost per call).
let counter = 0;

/** The serial number of a new call, in creation order; `callIdOf` makes it an id. */
export function nextCallSerial(): number {
  return ++counter;
}

/** The call id of a serial number (`call_k3j9x2_31`). */
export function callIdOf(serial: number): string {
  // Decimal: a call id is made on every call, and a decimal serial is the cheapest to write.
  return PREFIX + serial;
}

/** A new call id, unique within the process (`call_k3j9x2_31`). */
export function createCallId(): string {
  return callIdOf(nextCallSerial());
}
