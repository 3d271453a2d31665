// Values this module froze all the way down: a definition can share them instead of copying.
const deeplyFrozen = new WeakSet<object>();

/** Freezes a JSON value and everything inside it; returns the value. */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || deeplyFrozen.has(value)) return value;
  for (const inner of Object.values(value)) deepFreeze(inner);
  Object.freeze(value);
  deeplyFrozen.add(value);
  return value;
}

/** Whether `deepFreeze` froze this value (so nothing inside it can change). */
export function isDeeplyFrozen(value: unknown): boolean {
  return typeof value === 'object' && value !== null && deeplyFrozen.has(value);
}
