/**
 * A JSON path built as a linked list while decoding, so nothing is allocated for a path until
 * an issue needs its text. `undefined` is the root.
 */
export interface PathNode {
  readonly parent: PathNode | undefined;
  /** A property name, or an array index. */
  readonly key: string | number;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const MAX_KEY_CHARS = 64;

/** The text of a path: `edits[0].old_string`, `offset`, `["a b"]`, or `''` for the root. */
export function formatPath(parent: PathNode | undefined, key?: string | number): string {
  const keys: (string | number)[] = key === undefined ? [] : [key];
  for (let node = parent; node !== undefined; node = node.parent) keys.push(node.key);
  let text = '';
  for (let i = keys.length - 1; i >= 0; i--) text += segment(keys[i]!, text.length === 0);
  return text;
}

/** Appends one key to a path text (used for paths reported by class-validator). */
export function appendPath(path: string, key: string | number): string {
  return path + segment(key, path.length === 0);
}

function segment(key: string | number, first: boolean): string {
  if (typeof key === 'number') return `[${key}]`;
  if (IDENTIFIER.test(key)) return first ? key : `.${key}`;
  // Model-sent keys can be long or hold control characters: quote and cut them.
  const shown = key.length > MAX_KEY_CHARS ? `${key.slice(0, MAX_KEY_CHARS)}…` : key;
  return `[${JSON.stringify(shown)}]`;
}

/**
 * The keys of a path text `formatPath` wrote, in order: `edits[0].old_string` → `['edits', 0,
 * 'old_string']`, `''` → `[]`. A key `formatPath` cut for length keeps its `…`.
 */
export function pathKeys(path: string): (string | number)[] {
  const keys: (string | number)[] = [];
  let index = 0;
  while (index < path.length) {
    if (path[index] === '.') index += 1;
    if (path[index] === '[') {
      const end = path[index + 1] === '"' ? closingQuote(path, index + 2) + 1 : path.indexOf(']', index);
      const inner = path.slice(index + 1, end < 0 ? path.length : end);
      keys.push(inner.startsWith('"') ? (JSON.parse(inner) as string) : Number(inner));
      index = end < 0 ? path.length : end + 1;
    } else {
      const match = /^[A-Za-z_$][A-Za-z0-9_$]*/.exec(path.slice(index));
      const key = match?.[0] ?? path.slice(index);
      keys.push(key);
      index += key.length;
    }
  }
  return keys;
}

function closingQuote(path: string, from: number): number {
  for (let index = from; index < path.length; index += 1) {
    if (path[index] === '\\') index += 1;
    else if (path[index] === '"') return index;
  }
  return path.length - 1;
}
