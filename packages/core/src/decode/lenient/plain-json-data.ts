/**
 * Whether a value is data as our own `JSON.parse` builds it: strings, numbers, booleans, null, and
 * arrays and plain objects of them with own enumerable data properties and no symbol keys. What a
 * lenient decoder reads is held to this before the declared check, which trusts JSON data to have
 * no getters or hidden keys (reserved names and non-finite numbers it refuses itself, as it does in
 * parsed text). Iterative; `too_large` past `maxNodes` values, which the decode could not take anyway.
 */
export function plainJsonData(value: unknown, maxNodes: number): 'plain' | 'not_plain' | 'too_large' {
  const pending: unknown[] = [value];
  let visited = 0;
  while (pending.length > 0) {
    const next = pending.pop();
    if (++visited > maxNodes) return 'too_large';
    if (next === null || typeof next === 'string' || typeof next === 'boolean') continue;
    if (typeof next === 'number') continue;
    if (typeof next !== 'object') return 'not_plain';
    const prototype: unknown = Object.getPrototypeOf(next);
    const isArray = Array.isArray(next);
    if (isArray ? prototype !== Array.prototype : prototype !== Object.prototype && prototype !== null) {
      return 'not_plain';
    }
    if (Object.getOwnPropertySymbols(next).length > 0) return 'not_plain';
    const descriptors = Object.getOwnPropertyDescriptors(next) as Record<string, PropertyDescriptor>;
    for (const key of Object.keys(descriptors)) {
      if (isArray && key === 'length') continue;
      const descriptor = descriptors[key]!;
      if (!descriptor.enumerable || !('value' in descriptor)) return 'not_plain';
      pending.push(descriptor.value);
    }
    // An array with holes reads as undefined items, which JSON has not.
    if (isArray && Object.keys(descriptors).length !== (next as unknown[]).length + 1) return 'not_plain';
  }
  return 'plain';
}
