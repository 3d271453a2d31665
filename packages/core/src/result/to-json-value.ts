/** The outcome of `toJsonValue`: the JSON-safe copy, or why there is none and where. */
export type JsonConversion =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly reason: string; readonly path: string };

/** How deep an output may nest; deeper is refused rather than risking a stack overflow. */
export const MAX_JSON_DEPTH = 64;

class ConversionFailure {
  constructor(readonly reason: string) {}
}

/**
 * A JSON-safe copy of a tool's output, following `JSON.stringify` semantics (`toJSON`, omitted
 * `undefined` properties, `null` for non-finite numbers; a `Set` becomes an array and a `Map` with
 * string keys an object) but strict where those would lose data silently or crash: a cycle, a
 * bigint, a function or symbol value, a throwing getter or `toJSON`, or nesting deeper than 64 is
 * reported with its path (`$.items[2].size`). Never throws.
 */
export function toJsonValue(value: unknown): JsonConversion {
  // First without recording the path: that bookkeeping costs about as much as the copy, and only
  // a failure needs it, so a failure walks again to name where it is (its getters and toJSON run
  // a second time then).
  try {
    const converted = convert(value, '', undefined, []);
    return { ok: true, value: converted === undefined ? null : converted };
  } catch {
    // Walked again below, recording the path.
  }
  const path: (string | number)[] = [];
  try {
    const converted = convert(value, '', path, []);
    return { ok: true, value: converted === undefined ? null : converted };
  } catch (failure) {
    const reason = failure instanceof ConversionFailure ? failure.reason : 'reading it threw an error';
    return { ok: false, reason, path: formatPath(path) };
  }
}

function convert(
  value: unknown,
  key: string,
  path: (string | number)[] | undefined,
  ancestors: object[],
): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : null;
    case 'undefined':
      return undefined;
    case 'bigint':
      throw new ConversionFailure('a bigint has no JSON form (convert it to a string)');
    case 'function':
      throw new ConversionFailure('a function has no JSON form');
    case 'symbol':
      throw new ConversionFailure('a symbol has no JSON form');
  }
  if (value === null) return null;
  let target = value as object;
  const toJSON = (target as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') {
    const replaced: unknown = toJSON.call(target, key);
    if (typeof replaced !== 'object' || replaced === null) return convert(replaced, key, path, ancestors);
    target = replaced;
  }
  if (target instanceof Number || target instanceof String || target instanceof Boolean)
    return target.valueOf();
  if (ancestors.includes(target))
    throw new ConversionFailure('it refers back to itself (a circular reference)');
  if (ancestors.length >= MAX_JSON_DEPTH) {
    throw new ConversionFailure(`it nests deeper than ${MAX_JSON_DEPTH} levels`);
  }
  ancestors.push(target);
  const converted =
    Array.isArray(target) || target instanceof Set
      ? convertList(Array.from(target as Iterable<unknown>), path, ancestors)
      : convertRecord(target, path, ancestors);
  ancestors.pop();
  return converted;
}

function convertList(
  items: readonly unknown[],
  path: (string | number)[] | undefined,
  ancestors: object[],
): unknown[] {
  const result: unknown[] = new Array(items.length);
  for (let index = 0; index < items.length; index++) {
    path?.push(index);
    const item = convert(items[index], String(index), path, ancestors);
    path?.pop();
    result[index] = item === undefined ? null : item;
  }
  return result;
}

function convertRecord(
  target: object,
  path: (string | number)[] | undefined,
  ancestors: object[],
): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  if (target instanceof Map) {
    for (const [key, item] of target as Map<unknown, unknown>) {
      if (typeof key !== 'string') throw new ConversionFailure('a Map with non-string keys has no JSON form');
      path?.push(key);
      store(result, key, convert(item, key, path, ancestors));
      path?.pop();
    }
    return result;
  }
  for (const key of Object.keys(target)) {
    // Pushed before the read, so a throwing getter is reported at its own path.
    path?.push(key);
    store(result, key, convert((target as Record<string, unknown>)[key], key, path, ancestors));
    path?.pop();
  }
  return result;
}

function store(result: Record<string, unknown>, key: string, converted: unknown): void {
  if (converted === undefined) return;
  // A plain assignment of `__proto__` would set the prototype instead of copying the data.
  if (key === '__proto__') {
    Object.defineProperty(result, key, {
      value: converted,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  } else {
    result[key] = converted;
  }
}

function formatPath(path: readonly (string | number)[]): string {
  let text = '$';
  for (const key of path) {
    text +=
      typeof key === 'number'
        ? `[${key}]`
        : /^[A-Za-z_$][\w$]*$/.test(key)
          ? `.${key}`
          : `[${JSON.stringify(key)}]`;
  }
  return text;
}
