/** Hex digits of a line hash: 4,096 values, enough to tell a changed line from the one that was read. */
export const LINE_HASH_LENGTH = 3;

/**
 * The short hash of a line's content (without its line break or a CRLF's `\r`), as `read_file`
 * shows it in the hashline dialect (`12:a3f|text`) and `hashline_edit` checks it: FNV-1a over the
 * UTF-16 code units, as 3 hex digits.
 */
export function lineHash(content: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < content.length; i += 1) {
    hash ^= content.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  // Fold the 32 bits so every bit counts toward the 12 kept.
  const folded = (hash ^ (hash >>> 12) ^ (hash >>> 24)) & 0xfff;
  return folded.toString(16).padStart(LINE_HASH_LENGTH, '0');
}

/** A line anchor as the model copies it from a hashline read: `12:a3f`. */
export const LINE_ANCHOR_PATTERN = `^[1-9][0-9]*:[0-9a-f]{${LINE_HASH_LENGTH}}$`;

/** The line number and hash of an anchor matching `LINE_ANCHOR_PATTERN`. */
export function parseLineAnchor(anchor: string): { readonly line: number; readonly hash: string } {
  const colon = anchor.indexOf(':');
  return { line: Number(anchor.slice(0, colon)), hash: anchor.slice(colon + 1) };
}
