import { MAX_JSON_DEPTH } from './to-json-value';

/**
 * Whether a value is already its own JSON form: strings, booleans, finite numbers and `null`, in
 * arrays without holes and objects whose prototype is `Object.prototype` or `null`, with no
 * `undefined` and no `toJSON`, nested at most 64 deep (so a cycle answers `false`). Such an output
 * needs no copy to be JSON-safe. Reads each property once; never throws.
 */
export function isPlainJson(value: unknown): boolean {
  try {
    return check(value, 0);
  } catch {
    return false;
  }
}

function check(value: unknown, depth: number): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value);
    case 'object':
      break;
    default:
      return false;
  }
  if (value === null) return true;
  if (depth >= MAX_JSON_DEPTH) return false;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      if (!(index in value) || !check(value[index], depth + 1)) return false;
    }
    return true;
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  if ('toJSON' in value) return false;
  const record = value as Record<string, unknown>;
  for (const key in record) {
    if (!check(record[key], depth + 1)) return false;
  }
  return true;
}
