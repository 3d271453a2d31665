// Node 20 has String.prototype.isWellFormed; the ES2022 lib typings do not declare it yet.
interface WellFormedString {
  isWellFormed(): boolean;
}

/** Whether a string holds no lone UTF-16 surrogate (and so survives being written as UTF-8). */
export function isWellFormed(value: string): boolean {
  return (value as unknown as WellFormedString).isWellFormed();
}

/**
 * The length of a well-formed string in code points, as JSON Schema's `minLength`/`maxLength`
 * count it (ajv's `ucs2length`): a surrogate pair is one character.
 */
export function codePointLength(value: string): number {
  let pairs = 0;
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < value.length) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        pairs++;
        i++;
      }
    }
  }
  return value.length - pairs;
}

/** Where an ill-formed string's first lone surrogate is, for an issue's "received" text. */
export function describeIllFormed(value: string): string {
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = i + 1 < value.length ? value.charCodeAt(i + 1) : 0;
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
    } else if (unit < 0xdc00 || unit > 0xdfff) {
      continue;
    }
    return `a string with a lone surrogate (U+${unit.toString(16).toUpperCase()}) at index ${i}`;
  }
  return 'a string with a lone surrogate';
}
