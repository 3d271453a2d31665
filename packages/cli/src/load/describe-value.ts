/** A value described in a few words for messages: `a function createRegistry`, `an object (keys: a, b)`. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (value === null) return 'null';
  if (typeof value === 'function') {
    const name = value.name === '' ? '' : ` ${value.name}`;
    return isClass(value) ? `a class${name}` : `a function${name}`;
  }
  if (typeof value === 'object') {
    if (typeof (value as { then?: unknown }).then === 'function') return 'a promise';
    if (Array.isArray(value)) return `an array of ${value.length}`;
    const constructorName = (value as { constructor?: { name?: string } }).constructor?.name;
    if (constructorName !== undefined && constructorName !== 'Object' && constructorName !== '') {
      return `an instance of ${constructorName}`;
    }
    const keys = Object.keys(value);
    return keys.length === 0
      ? 'an empty object'
      : `an object (keys: ${keys.slice(0, 8).join(', ')}${keys.length > 8 ? ', …' : ''})`;
  }
  return `a ${typeof value}`;
}

/** Whether a function is a class (calling it without `new` throws). */
export function isClass(value: Function): boolean {
  return /^class[\s{]/.test(Function.prototype.toString.call(value));
}
