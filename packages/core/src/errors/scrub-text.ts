/** What replaces a host-only value in model-bound text. */
export const REDACTED = '[redacted]';

// Shorter values (ids like "42", flags like "on") would shred ordinary words without protecting anything.
const MIN_SECRET_LENGTH = 4;

/**
 * Replaces every occurrence of each host-only string (at least 4 characters) in `text` with
 * `[redacted]`, longest first so a value containing another is removed whole. Never throws.
 */
export function scrubText(text: string, secrets: Iterable<string>): string {
  const candidates: string[] = [];
  try {
    for (const secret of secrets) {
      if (typeof secret === 'string' && secret.length >= MIN_SECRET_LENGTH && text.includes(secret)) {
        candidates.push(secret);
      }
    }
  } catch {
    // An iterable that throws part-way: scrub what was collected rather than nothing.
  }
  if (candidates.length === 0) return text;
  candidates.sort((left, right) => right.length - left.length);
  let scrubbed = text;
  for (const secret of candidates) scrubbed = scrubbed.split(secret).join(REDACTED);
  return scrubbed;
}
