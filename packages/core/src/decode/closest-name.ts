// Names longer than this are not typos of a property name; skip the quadratic comparison.
const MAX_COMPARED_LENGTH = 64;

/**
 * The allowed name an unknown key was most likely meant to be: the same name in another case or
 * separator style (`filePath` for `file_path`), or one within a small edit distance. `undefined`
 * when nothing is close.
 */
export function closestName(key: string, names: readonly string[]): string | undefined {
  if (key.length > MAX_COMPARED_LENGTH) return undefined;
  const normalized = normalize(key);
  for (const name of names) if (normalize(name) === normalized) return name;
  let best: string | undefined;
  let bestDistance = Math.max(1, Math.floor(key.length / 3)) + 1;
  for (const name of names) {
    if (Math.abs(name.length - key.length) >= bestDistance) continue;
    const distance = editDistance(key, name, bestDistance);
    if (distance < bestDistance) {
      best = name;
      bestDistance = distance;
    }
  }
  return best;
}

function normalize(name: string): string {
  return name.replace(/[-_\s]/g, '').toLowerCase();
}

/** Levenshtein distance, giving up (returning `limit`) once it must reach `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current.push(value);
      if (value < rowMin) rowMin = value;
    }
    if (rowMin >= limit) return limit;
    previous = current;
  }
  return Math.min(previous[b.length]!, limit);
}
