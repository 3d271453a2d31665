// Bounds, because a bag may hold a client object with a large graph behind it.
const MAX_DEPTH = 3;
const MAX_NODES = 500;
const MAX_STRINGS = 200;
// Shorter strings cannot be scrubbed usefully (see scrubText), so they are not collected.
const MIN_LENGTH = 4;

/**
 * Set to `true` on the prototype of toolwright's own services that a call's context carries beside
 * the host's (an MCP session, an input requester): they hold the protocol's request and connection
 * objects, not host values, and walking them cost a failed MCP call more than the rest of its
 * failure. The walk skips them.
 */
export const FRAMEWORK_SERVICE: unique symbol = Symbol.for('toolwright.frameworkService');

/**
 * The strings reachable from host values (directly, or through own enumerable properties, array
 * items and Map/Set values, a few levels deep): the text that must never reach the model.
 * Bounded, and never throws on exotic objects. toolwright's own services (`FRAMEWORK_SERVICE`) are
 * not walked.
 */
export function collectHostValues(values: Iterable<unknown>): string[] {
  const found = new Set<string>();
  const seen = new Set<object>();
  let pending: unknown[] = [];
  try {
    pending = Array.from(values);
  } catch {
    return [];
  }
  let nodes = 0;
  for (let depth = 0; depth <= MAX_DEPTH && pending.length > 0; depth++) {
    const next: unknown[] = [];
    for (const value of pending) {
      if (++nodes > MAX_NODES || found.size >= MAX_STRINGS) return Array.from(found);
      if (typeof value === 'string') {
        if (value.length >= MIN_LENGTH) found.add(value);
        continue;
      }
      if (typeof value !== 'object' || value === null || seen.has(value)) continue;
      seen.add(value);
      try {
        if ((value as { [FRAMEWORK_SERVICE]?: unknown })[FRAMEWORK_SERVICE] === true) continue;
        const children: Iterable<unknown> =
          value instanceof Map || value instanceof Set
            ? value.values()
            : Array.isArray(value)
              ? value
              : Object.keys(value).map((key) => (value as Record<string, unknown>)[key]);
        for (const child of children) {
          if (next.length >= MAX_NODES) break;
          next.push(child);
        }
      } catch {
        // A throwing getter or Proxy: keep what was collected; there is nothing more to read safely.
      }
    }
    pending = next;
  }
  return Array.from(found);
}
