// While `withoutErrorData` runs, ErrorBase makes plain objects instead of errors.
let bare = false;

/**
 * `Error`, as the base class of `ToolError`, with one difference: inside `withoutErrorData` it
 * makes a plain object on the same prototype chain instead, skipping the engine's error
 * construction and its stack capture (most of the cost of a rejected call). Such an object is
 * `instanceof Error` and has `message`, `stack` (its header line) and `cause`; it is not a
 * native error to `util.types.isNativeError` or `structuredClone`.
 */
export const ErrorBase = function ErrorBase(this: unknown, message?: string, options?: ErrorOptions): Error {
  if (!bare) return Reflect.construct(Error, [message, options], new.target) as Error;
  const error = Object.create((new.target as Function).prototype as object) as Error;
  if (message !== undefined) {
    Object.defineProperty(error, 'message', { value: message, writable: true, configurable: true });
  }
  if (options !== undefined && 'cause' in options) {
    Object.defineProperty(error, 'cause', { value: options.cause, writable: true, configurable: true });
  }
  return error;
} as unknown as ErrorConstructor;
(ErrorBase as { prototype: Error }).prototype = Error.prototype;
// The statics (`captureStackTrace`, `stackTraceLimit`) as on Error.
Object.setPrototypeOf(ErrorBase, Error);

/**
 * Runs `build` with errors of `ErrorBase` subclasses made without an engine error: for errors
 * about data (a rejected argument), where a stack trace says nothing the error does not.
 */
export function withoutErrorData<T>(build: () => T): T {
  bare = true;
  try {
    return build();
  } finally {
    bare = false;
  }
}
