/**
 * `JSON.stringify` with the keys of every object sorted: the same value gives the same text
 * however a store reordered its keys (a JSON column may), so a signature over it survives the trip.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, member: unknown) => {
    if (typeof member !== 'object' || member === null || Array.isArray(member)) return member;
    const record = member as Record<string, unknown>;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(record).sort()) {
      // defineProperty: a key named __proto__ stays an ordinary key, as JSON.parse made it.
      Object.defineProperty(sorted, key, {
        value: record[key],
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return sorted;
  });
}
