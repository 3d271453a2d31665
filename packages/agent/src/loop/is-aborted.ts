/** Whether the signal has fired. A call, not a property read, so TypeScript does not keep a narrowing across awaits. */
export function isAborted(signal: AbortSignal | undefined): boolean {
  return signal !== undefined && signal.aborted;
}
