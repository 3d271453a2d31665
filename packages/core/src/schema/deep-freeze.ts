// Values known to be frozen all the way down: a definition can share them instead of copying.
const deeplyFrozen = new WeakSet<object>();

/** Freezes a JSON value and everything inside it; returns the value. */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || deeplyFrozen.has(value)) return value;
  freezeAll(value);
  deeplyFrozen.add(value);
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

function freezeAll(value: object): void {
  for (const inner of Object.values(value))
    if (typeof inner === 'object' && inner !== null && !deeplyFrozen.has(inner)) freezeAll(inner);
  Object.freeze(value);
}
