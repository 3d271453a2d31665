/**
 * Optimal-string-alignment distance: insertions, deletions, substitutions and adjacent swaps each
 * count 1. With a `limit`, gives up once the distance must reach it and returns `limit`, so a
 * search for a near name does not pay for the far ones.
 */
export function editDistance(a: string, b: string, limit = Infinity): number {
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, beforePrevious[j - 2]! + 1);
      }
      current.push(value);
      if (value < rowMin) rowMin = value;
    }
    // A swap reaches back two rows, so the row before this one must be past the limit too.
    if (rowMin >= limit && minimum(previous) >= limit) return limit;
    beforePrevious = previous;
    previous = current;
  }
  return Math.min(previous[b.length]!, limit);
}

function minimum(row: readonly number[]): number {
  let least = Infinity;
  for (const value of row) if (value < least) least = value;
  return least;
}
