// Values known to be frozen all the way down: a definition can share them instead of copying.
const deeplyFrozen = new WeakSet<object>();

/**
 * Freezes a value and every object and array reachable from it through own enumerable string
 * keys; returns the value. Cycles and shared parts are frozen once; a value frozen all the way
 * down before is not walked again. The one deep freeze of every package (schemas, definitions,
 * bound params and state).
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || deeplyFrozen.has(value)) return value;
  // Iterative: a deeply nested value must not overflow the stack.
  const pending: object[] = [value];
  const seen = new Set<object>();
  while (pending.length > 0) {
    const current = pending.pop()!;
    if (seen.has(current)) continue;
    seen.add(current);
    for (const key of Object.keys(current)) {
      const inner = (current as Record<string, unknown>)[key];
      if (typeof inner === 'object' && inner !== null && !deeplyFrozen.has(inner)) pending.push(inner);
    }
    Object.freeze(current);
  }
  for (const frozen of seen) deeplyFrozen.add(frozen);
  return value;
}

/** Records a value its writer froze all the way down as it built it (a derived schema); returns it. */
export function registerDeeplyFrozen<T extends object>(value: T): T {
  deeplyFrozen.add(value);
  return value;
}

/** Whether `deepFreeze` (or the value's writer) froze it all the way down, so nothing inside can change. */
export function isDeeplyFrozen(value: unknown): boolean {
  return typeof value === 'object' && value !== null && deeplyFrozen.has(value);
}
