import { appendPath } from './json-path';

/**
 * Counts ':' in JSON text, stopping once past `limit`. Every key of valid JSON is followed by
 * exactly one structural colon, and colons inside strings only add to the count, so when the count
 * equals the number of keys a decode visited, no key was repeated.
 */
export function countColons(text: string, limit: number): number {
  let count = 0;
  for (let at = text.indexOf(':'); at !== -1; at = text.indexOf(':', at + 1)) {
    if (++count > limit) return count;
  }
  return count;
}

/** A key that appears more than once in one object of a JSON text. */
export interface DuplicateKey {
  /** The path of the repeated property: `offset`, `edits[1].old_string`. */
  readonly path: string;
  readonly count: number;
}

interface Frame {
  readonly path: string;
  readonly isObject: boolean;
  /** Object frames: keys seen so far, with their counts. */
  readonly keys: Map<string, number> | undefined;
  /** Array frames: the index of the current item. */
  index: number;
  /** Object frames: the last key read, whose value comes next. */
  key: string;
}

/**
 * Finds repeated keys in valid JSON text (JSON.parse silently keeps the last one). Iterative and
 * string-aware, so neither deep nesting nor keys inside strings can fool it; keys are compared
 * after unescaping (`"a"` and `"\u0061"` are the same key).
 */
export function findDuplicateKeys(text: string): DuplicateKey[] {
  const found = new Map<string, number>();
  const stack: Frame[] = [];
  let i = 0;
  while (i < text.length) {
    const char = text.charCodeAt(i);
    if (char === 0x22 /* " */) {
      const end = stringEnd(text, i);
      const top = stack[stack.length - 1];
      // A string directly in an object, followed by ':', is a key.
      if (top !== undefined && top.isObject && nextSignificant(text, end) === 0x3a /* : */) {
        const raw = text.slice(i, end);
        const key = raw.includes('\\') ? (JSON.parse(raw) as string) : raw.slice(1, -1);
        const count = (top.keys!.get(key) ?? 0) + 1;
        top.keys!.set(key, count);
        top.key = key;
        if (count > 1) found.set(appendPath(top.path, key), count);
      }
      i = end;
      continue;
    }
    if (char === 0x7b /* { */ || char === 0x5b /* [ */) {
      const path = childPath(stack[stack.length - 1]);
      stack.push({
        path,
        isObject: char === 0x7b,
        keys: char === 0x7b ? new Map() : undefined,
        index: 0,
        key: '',
      });
    } else if (char === 0x7d /* } */ || char === 0x5d /* ] */) {
      stack.pop();
    } else if (char === 0x2c /* , */) {
      const top = stack[stack.length - 1];
      if (top !== undefined && !top.isObject) top.index++;
    }
    i++;
  }
  return [...found].map(([path, count]) => ({ path, count }));
}

function childPath(parent: Frame | undefined): string {
  if (parent === undefined) return '';
  return parent.isObject ? appendPath(parent.path, parent.key) : appendPath(parent.path, parent.index);
}

/** The index just past the string starting at `start` (an opening quote). */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  for (;;) {
    const quote = text.indexOf('"', i);
    if (quote === -1) return text.length;
    let backslashes = 0;
    for (let j = quote - 1; j > start && text.charCodeAt(j) === 0x5c; j--) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    i = quote + 1;
  }
}

function nextSignificant(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (char !== 0x20 && char !== 0x0a && char !== 0x0d && char !== 0x09) return char;
  }
  return -1;
}
