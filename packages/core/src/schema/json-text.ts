/** The JSON text of a value, or `undefined` when it has none (a function, a BigInt, a cycle). */
export function jsonText(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}
