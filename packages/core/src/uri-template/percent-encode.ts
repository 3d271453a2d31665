// RFC 3986 character classes as RFC 6570 uses them.
const UNRESERVED = /[A-Za-z0-9\-._~]/;
const RESERVED = /[:/?#[\]@!$&'()*+,;=]/;
const HEX = '0123456789ABCDEF';
const encoder = new TextEncoder();

/**
 * Percent-encodes `text` for a URI: unreserved characters are kept, and with `allowReserved` also
 * reserved characters and pct-encoded triplets already present (RFC 6570 §3.2.1, `U` and `U+R`).
 * Lone surrogates are written as U+FFFD (as UTF-8 encoders do).
 */
export function percentEncode(text: string, allowReserved: boolean): string {
  let out = '';
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (UNRESERVED.test(char) || (allowReserved && RESERVED.test(char))) {
      out += char;
      continue;
    }
    if (allowReserved && char === '%' && isHex(text[index + 1]) && isHex(text[index + 2])) {
      out += text.slice(index, index + 3);
      index += 2;
      continue;
    }
    const code = text.codePointAt(index)!;
    const width = code > 0xffff ? 2 : 1;
    for (const byte of encoder.encode(text.slice(index, index + width))) {
      out += `%${HEX[byte >> 4]}${HEX[byte & 15]}`;
    }
    index += width - 1;
  }
  return out;
}

/** Decodes percent-encoded UTF-8; `undefined` when the text holds a malformed triplet or sequence. */
export function percentDecode(text: string): string | undefined {
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

function isHex(char: string | undefined): boolean {
  return char !== undefined && /[0-9A-Fa-f]/.test(char);
}

/**
 * Decodes what reserved expansion (`{+x}`, `{#x}`) encodes: triplets of characters it would have
 * written as they are (reserved and unreserved ASCII, `%2F`) stay as written, since expansion keeps
 * a triplet in the value as it is. `undefined` for a malformed UTF-8 sequence.
 */
export function percentDecodeReserved(text: string): string | undefined {
  if (!text.includes('%')) return text;
  let out = '';
  let run = '';
  const flush = (): boolean => {
    if (run === '') return true;
    try {
      out += decodeURIComponent(run);
    } catch {
      return false;
    }
    run = '';
    return true;
  };
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (char === '%' && isHex(text[index + 1]) && isHex(text[index + 2])) {
      const triplet = text.slice(index, index + 3);
      const byte = parseInt(triplet.slice(1), 16);
      index += 2;
      if (
        byte < 0x80 &&
        (UNRESERVED.test(String.fromCharCode(byte)) || RESERVED.test(String.fromCharCode(byte)))
      ) {
        if (!flush()) return undefined;
        out += triplet;
      } else {
        run += triplet;
      }
      continue;
    }
    if (!flush()) return undefined;
    out += char;
  }
  return flush() ? out : undefined;
}
