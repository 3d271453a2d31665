import { editDistance } from './edit-distance';

// Names longer than this are not typos of a tool name; skip the quadratic comparison.
const MAX_COMPARED_LENGTH = 128;

/**
 * The candidate `name` was most likely meant to be, or `undefined` when none is close: first the
 * same name in another case or separator style (`ReadFile` for `read_file`), then the nearest by
 * Damerau–Levenshtein distance (a swap of two neighbours counts once: `raed_file`), allowing
 * one edit per three characters (at least one). Ties go to the earlier candidate.
 */
export function closestName(name: string, candidates: Iterable<string>): string | undefined {
  if (typeof name !== 'string' || name.length === 0 || name.length > MAX_COMPARED_LENGTH) return undefined;
  const list = Array.from(candidates);
  const normalized = normalize(name);
  for (const candidate of list) if (normalize(candidate) === normalized) return candidate;
  const lowered = name.toLowerCase();
  let best: string | undefined;
  let bestDistance = Math.max(1, Math.floor(name.length / 3)) + 1;
  for (const candidate of list) {
    if (candidate.length > MAX_COMPARED_LENGTH || Math.abs(candidate.length - name.length) >= bestDistance)
      continue;
    const distance = editDistance(lowered, candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

function normalize(name: string): string {
  return name.replace(/[-_\s.]/g, '').toLowerCase();
}
