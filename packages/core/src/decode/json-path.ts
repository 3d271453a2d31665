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
