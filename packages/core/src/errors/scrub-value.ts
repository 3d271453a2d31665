import { REDACTED, scrubText } from './scrub-text';

// Bounds, because a payload may be large; what lies beyond them is replaced, not sent unread.
const MAX_DEPTH = 16;
const MAX_NODES = 10_000;

/**
 * A JSON-like value (a progress payload, a log message's data) with every host-only string in
 * `secrets` removed from its strings and keys, recursively; the same value when none occurs in
 * it. Parts beyond the walk's bounds, and values that cannot be read, become `[redacted]`. Never throws.
 */
export function scrubValue(value: unknown, secrets: readonly string[]): unknown {
  if (secrets.length === 0) return value;
  if (typeof value === 'string') return scrubText(value, secrets);
  if (typeof value !== 'object' || value === null) return value;
  try {
    // Most payloads hold no secret: one serialization says so without a copy.
    const text = JSON.stringify(value);
    if (text !== undefined && !secrets.some((secret) => secret.length >= 4 && text.includes(secret)))
      return value;
  } catch {
    // A cycle or a throwing toJSON: walk it instead.
  }
  const budget = { nodes: 0 };
  return walk(value, secrets, 0, budget, new Set());
}

function walk(
  value: unknown,
  secrets: readonly string[],
  depth: number,
  budget: { nodes: number },
  seen: Set<object>,
): unknown {
  if (typeof value === 'string') return scrubText(value, secrets);
  if (typeof value !== 'object' || value === null) return value;
  if (depth > MAX_DEPTH || ++budget.nodes > MAX_NODES || seen.has(value)) return REDACTED;
  seen.add(value);
  try {
    if (Array.isArray(value)) return value.map((item) => walk(item, secrets, depth + 1, budget, seen));
    const copy: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      copy[scrubText(key, secrets)] = walk(
        (value as Record<string, unknown>)[key],
        secrets,
        depth + 1,
        budget,
        seen,
      );
    }
    return copy;
  } catch {
    return REDACTED;
  } finally {
    seen.delete(value);
  }
}
