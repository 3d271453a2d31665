const MAX_DEPTH = 6;
const MAX_ENTRIES = 50;
const MAX_STRING_LENGTH = 2000;

/**
 * A JSON-safe copy of any value for host logs: lenient where result serialization is strict.
 * Cycles, bigints, functions, throwing getters and deep nesting become short markers, never a
 * throw, so `JSON.stringify(error)` always works.
 */
export function toLogValue(value: unknown): unknown {
  return copy(value, 0, new Set());
}

function copy(value: unknown, depth: number, ancestors: Set<object>): unknown {
  try {
    switch (typeof value) {
      case 'string':
        return value.length > MAX_STRING_LENGTH ? `${value.slice(0, MAX_STRING_LENGTH)}…` : value;
      case 'number':
        return Number.isFinite(value) ? value : String(value);
      case 'boolean':
        return value;
      case 'undefined':
        return undefined;
      case 'bigint':
        return `${String(value)}n`;
      case 'symbol':
        return value.toString();
      case 'function':
        return `[Function ${(value as Function).name || 'anonymous'}]`;
    }
    if (value === null) return null;
    const target = value as object;
    if (ancestors.has(target)) return '[Circular]';
    if (depth >= MAX_DEPTH) return '[Nested too deeply]';
    ancestors.add(target);
    try {
      return copyObject(target, depth, ancestors);
    } finally {
      ancestors.delete(target);
    }
  } catch {
    return '[Unreadable]';
  }
}

function copyObject(target: object, depth: number, ancestors: Set<object>): unknown {
  if (target instanceof Date) return Number.isNaN(target.getTime()) ? 'Invalid Date' : target.toISOString();
  if (target instanceof Error) {
    const error: Record<string, unknown> = {
      name: copy(read(target, 'name'), depth + 1, ancestors),
      message: copy(read(target, 'message'), depth + 1, ancestors),
      stack: copy(read(target, 'stack'), depth + 1, ancestors),
    };
    const cause = read(target, 'cause');
    if (cause !== undefined) error['cause'] = copy(cause, depth + 1, ancestors);
    return error;
  }
  if (Array.isArray(target) || target instanceof Set) {
    const items = Array.from(target as Iterable<unknown>).slice(0, MAX_ENTRIES);
    return items.map((item) => copy(item, depth + 1, ancestors) ?? null);
  }
  if (target instanceof Map) {
    return Array.from(target.entries())
      .slice(0, MAX_ENTRIES)
      .map(([key, item]) => [copy(key, depth + 1, ancestors), copy(item, depth + 1, ancestors)]);
  }
  // A null prototype so an own `__proto__` key is copied as data, never as a prototype.
  const result: Record<string, unknown> = Object.create(null);
  const keys = Object.keys(target);
  for (const key of keys.slice(0, MAX_ENTRIES)) {
    result[key] = copy(read(target, key), depth + 1, ancestors);
  }
  if (keys.length > MAX_ENTRIES) result['…'] = `${keys.length - MAX_ENTRIES} more keys`;
  return result;
}

function read(target: object, key: string): unknown {
  try {
    return (target as Record<string, unknown>)[key];
  } catch {
    return '[Unreadable]';
  }
}
