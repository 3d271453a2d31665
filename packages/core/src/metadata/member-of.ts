/**
 * Reads a property of a class, its prototype or an instance of it: objects of a kind the reading
 * code meets once each (every tool class is new to it), where a read written in place measured
 * many times slower than `Reflect.get` at startup with many tools. Same result, same errors (a
 * value that is not an object is read as in place).
 */
export function memberOf(object: unknown, key: PropertyKey): unknown {
  return (typeof object === 'object' && object !== null) || typeof object === 'function'
    ? Reflect.get(object, key)
    : (object as Record<PropertyKey, unknown>)[key];
}
