import { formatBytes } from './format-bytes';

/** The default cap on one text block of a result: 256 KiB of UTF-8. */
export const DEFAULT_MAX_TEXT_BYTES = 256 * 1024;

/**
 * `text` cut to at most `maxBytes` of UTF-8 (never inside a character) followed by a visible
 * marker such as `\n…[truncated: 1.2 MiB total, showing the first 256 KiB]`, so the model knows
 * it is not seeing everything. Text within the cap is returned unchanged.
 */
export function truncateText(text: string, maxBytes: number = DEFAULT_MAX_TEXT_BYTES): string {
  // A UTF-16 code unit is at most 3 bytes of UTF-8: short texts skip the byte count entirely.
  if (text.length * 3 <= maxBytes) return text;
  let bytes = 0;
  let cut = -1;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    let size: number;
    if (code < 0x80) size = 1;
    else if (code < 0x800) size = 2;
    else if (code >= 0xd800 && code <= 0xdbff && isLowSurrogate(text.charCodeAt(index + 1))) {
      size = 4;
      if (cut < 0 && bytes + size > maxBytes) cut = index;
      bytes += size;
      index++;
      continue;
    } else size = 3;
    if (cut < 0 && bytes + size > maxBytes) cut = index;
    bytes += size;
  }
  if (cut < 0) return text;
  return `${text.slice(0, cut)}\n…[truncated: ${formatBytes(bytes)} total, showing the first ${formatBytes(maxBytes)}]`;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
