/** Limits a remote schema must fit before anything compiles it (R14). */
export interface SchemaLimits {
  readonly maxBytes: number;
  readonly maxDepth: number;
}

/** A checked schema, or the reason it was refused. */
export type SchemaCheck =
  | { readonly ok: true; readonly schema: Record<string, unknown> }
  | { readonly ok: false; readonly reason: string };

/**
 * Checks an untrusted JSON Schema before it is compiled or shown to a model: a plain JSON object
 * (an object schema when `objectType`), at most `maxBytes` of JSON, at most `maxDepth` deep, no
 * `__proto__` keys. Iterative, so a hostile nesting cannot overflow the stack. Returns a deep copy.
 */
export function checkRemoteSchema(schema: unknown, limits: SchemaLimits, objectType: boolean): SchemaCheck {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    return { ok: false, reason: 'the schema is not a JSON object' };
  }
  if (objectType && (schema as Record<string, unknown>)['type'] !== 'object') {
    return { ok: false, reason: 'the schema is not an object schema (type "object")' };
  }
  const stack: Array<{ value: unknown; depth: number }> = [{ value: schema, depth: 1 }];
  let nodes = 0;
  const maxNodes = limits.maxBytes;
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    if (++nodes > maxNodes)
      return { ok: false, reason: `the schema is larger than ${limits.maxBytes} bytes` };
    if (typeof value !== 'object' || value === null) continue;
    if (depth > limits.maxDepth)
      return { ok: false, reason: `the schema is nested deeper than ${limits.maxDepth} levels` };
    if (Array.isArray(value)) {
      for (const item of value) stack.push({ value: item, depth: depth + 1 });
      continue;
    }
    for (const key of Object.keys(value)) {
      if (key === '__proto__') return { ok: false, reason: 'the schema has a __proto__ key' };
      stack.push({ value: (value as Record<string, unknown>)[key], depth: depth + 1 });
    }
  }
  let text: string;
  try {
    text = JSON.stringify(schema);
  } catch {
    return { ok: false, reason: 'the schema is not plain JSON' };
  }
  if (text.length > limits.maxBytes)
    return { ok: false, reason: `the schema is larger than ${limits.maxBytes} bytes` };
  return { ok: true, schema: JSON.parse(text) as Record<string, unknown> };
}
