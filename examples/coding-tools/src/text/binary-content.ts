import { TextDecoder } from 'node:util';

/** How many leading bytes are checked for NUL (git checks 8000). */
export const SNIFF_BYTES = 8000;

/** Why a buffer is not text, or `undefined` when its leading bytes look like text. */
export function binaryReason(head: Uint8Array): string | undefined {
  const sniffed = head.subarray(0, SNIFF_BYTES);
  const type = magicType(sniffed);
  if (type !== undefined) return `it looks like ${type}`;
  return sniffed.includes(0) ? 'it contains NUL bytes' : undefined;
}

/** What a file's first bytes say it is, for the few formats an agent meets most. */
export function magicType(head: Uint8Array): string | undefined {
  const starts = (...bytes: number[]): boolean => bytes.every((byte, index) => head[index] === byte);
  if (starts(0x89, 0x50, 0x4e, 0x47)) return 'a PNG image';
  if (starts(0xff, 0xd8, 0xff)) return 'a JPEG image';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'a GIF image';
  if (starts(0x25, 0x50, 0x44, 0x46)) return 'a PDF document';
  if (starts(0x50, 0x4b, 0x03, 0x04)) return 'a ZIP archive';
  if (starts(0x1f, 0x8b)) return 'a gzip archive';
  if (starts(0x7f, 0x45, 0x4c, 0x46)) return 'an ELF executable';
  if (starts(0x00, 0x61, 0x73, 0x6d)) return 'a WebAssembly module';
  return undefined;
}

/** A decoder that throws on invalid UTF-8 (a file that is not valid UTF-8 is treated as binary). */
export function strictUtf8Decoder(): TextDecoder {
  return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
}

/** The text of a whole buffer, or `undefined` when it is binary (NUL bytes, a known binary format, invalid UTF-8). */
export function decodeText(buffer: Uint8Array): { text: string } | { binary: string } {
  const reason = binaryReason(buffer);
  if (reason !== undefined) return { binary: reason };
  try {
    return { text: strictUtf8Decoder().decode(buffer) };
  } catch {
    return { binary: 'it is not valid UTF-8 text' };
  }
}
