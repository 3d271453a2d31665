import { editDistance } from './edit-distance';

// Names longer than this are not typos of a tool or property name; skip the quadratic comparison.
const MAX_COMPARED_LENGTH = 128;

/** Options of `closestName`. */
export interface ClosestNameOptions {
  /** The most edits a candidate may be away (default: one per three characters of the name, at least one). */
  readonly maxDistance?: number;
  /** Answer `undefined` when two candidates are equally close, instead of the earlier one (default false). */
  readonly unique?: boolean;
}

/**
 * The candidate `name` was most likely meant to be, or `undefined` when none is close: first the
 * same name in another case or separator style (`ReadFile` for `read_file`, `filePath` for
 * `file_path`), then the nearest by Damerau–Levenshtein distance ignoring case (a swap of two
 * neighbours counts once: `raed_file`), allowing one edit per three characters (at least one).
 * Ties go to the earlier candidate. The one suggestion rule of every package: tool names in the
 * tool set, the agent, MCP and the CLI, property names in argument errors.
 */
export function closestName(
  name: string,
  candidates: Iterable<string>,
  options: ClosestNameOptions = {},
): string | undefined {
  if (typeof name !== 'string' || name.length === 0 || name.length > MAX_COMPARED_LENGTH) return undefined;
  const list = Array.isArray(candidates) ? (candidates as readonly string[]) : Array.from(candidates);
  const unique = options.unique === true;
  const normalized = normalizeName(name);
  let sameWords: string | undefined;
  for (const candidate of list) {
    if (normalizeName(candidate) !== normalized) continue;
    if (!unique) return candidate;
    if (sameWords !== undefined) return undefined;
    sameWords = candidate;
  }
  if (sameWords !== undefined) return sameWords;
  const lowered = name.toLowerCase();
  let best: string | undefined;
  let bestDistance = (options.maxDistance ?? Math.max(1, Math.floor(name.length / 3))) + 1;
  let tie = false;
  for (const candidate of list) {
    // Asked for a unique answer, a candidate as far as the best one still counts: it makes a tie.
    const reach = unique ? bestDistance + 1 : bestDistance;
    if (candidate.length > MAX_COMPARED_LENGTH || Math.abs(candidate.length - name.length) >= reach) continue;
    const distance = editDistance(lowered, candidate.toLowerCase(), reach);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
      tie = false;
    } else if (distance === bestDistance && best !== undefined) {
      tie = true;
    }
  }
  return unique && tie ? undefined : best;
}

/** A name without case or separators (`-`, `_`, `.`, spaces): `read_file`, `ReadFile` and `read-file` are one. */
export function normalizeName(name: string): string {
  return name.replace(/[-_\s.]/g, '').toLowerCase();
}
