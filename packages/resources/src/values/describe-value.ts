// Long enough to recognise a value, short enough that a problem list stays readable.
const PREVIEW_LENGTH = 40;

/** A short description of a value for a problem message: `"ten"`, `5`, `an array of 3 items`. Never throws. */
export function describeValue(value: unknown): string {
  try {
    switch (typeof value) {
      case 'undefined':
        return 'nothing';
      case 'string':
        return value.length <= PREVIEW_LENGTH
          ? JSON.stringify(value)
          : `${JSON.stringify(value.slice(0, PREVIEW_LENGTH) + '…')}`;
      case 'number':
      case 'boolean':
        return String(value);
      case 'bigint':
        return `a bigint`;
      case 'symbol':
        return 'a symbol';
      case 'function':
        return 'a function';
    }
    if (value === null) return 'null';
    if (Array.isArray(value))
      return value.length === 1 ? 'an array of 1 item' : `an array of ${value.length} items`;
    return 'an object';
  } catch {
    return 'an unreadable value';
  }
}
