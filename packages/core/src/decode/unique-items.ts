/**
 * The indexes of the first two equal items, or `undefined` when all differ. Items compare as
 * decoded — what the tool receives, after the documented coercions and defaults — with JSON
 * Schema's equality (objects by their properties in any order, `0` equal to `-0`).
 */
export function findDuplicateItems(items: readonly unknown[]): [number, number] | undefined {
  const seen = new Map<string, number>();
  for (let i = 0; i < items.length; i++) {
    const key = canonicalJson(items[i]);
    const first = seen.get(key);
    if (first !== undefined) return [first, i];
    seen.set(key, i);
  }
  return undefined;
}

// Only called on decoded values, whose depth the decoder has already bounded.
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record)
      .filter((k) => record[k] !== undefined)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(record[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
