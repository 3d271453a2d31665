/** Freezes a value and every object and array reachable from it; returns the value. */
export function deepFreeze<T>(value: T): T {
  const pending: unknown[] = [value];
  const seen = new Set<object>();
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current !== 'object' || current === null || seen.has(current)) continue;
    seen.add(current);
    for (const key of Object.keys(current)) pending.push((current as Record<string, unknown>)[key]);
    Object.freeze(current);
  }
  return value;
}
