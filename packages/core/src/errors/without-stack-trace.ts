/**
 * Runs `build` with stack capture off (`Error.stackTraceLimit = 0`), for errors about data
 * (a rejected argument), where a stack trace says nothing the error does not and its capture is
 * most of the cost of a rejected call. The errors built are ordinary native errors (their
 * `stack` is the header line alone); the limit is restored before `build`'s result is returned,
 * so nothing outside sees it changed.
 */
export function withoutStackTrace<T>(build: () => T): T {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return build();
  } finally {
    Error.stackTraceLimit = limit;
  }
}
