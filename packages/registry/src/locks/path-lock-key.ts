/** The prefix of every key `pathLockKey` makes: keys under it nest like the paths they name. */
export const PATH_LOCK_PREFIX = 'path:';

/**
 * The lock key of a file or directory path: lexical, so `./src/../a.ts`, `a.ts` and `a.ts/` are
 * one key (backslashes count as separators). A symbolic link and its target are two keys, and so
 * are a relative path and the absolute path of the same file: keep a tool set's paths in one form.
 */
export function pathLockKey(path: string): string {
  const absolute = path.startsWith('/') || path.startsWith('\\');
  const parts: string[] = [];
  for (const part of path.split(/[/\\]+/)) {
    if (part === '' || part === '.') continue;
    if (part !== '..') parts.push(part);
    else if (parts.length > 0 && parts[parts.length - 1] !== '..') parts.pop();
    // Above the root is the root; above a relative start stays above it.
    else if (!absolute) parts.push('..');
  }
  const joined = parts.join('/');
  return PATH_LOCK_PREFIX + (absolute ? `/${joined}` : joined === '' ? '.' : joined);
}

/**
 * Whether two lock keys name overlapping resources: the same key, or path keys of which one is a
 * directory holding the other (`path:.` holds every relative path, `path:/` every absolute one),
 * or an absolute path ending in a relative one (`/work/a.ts` and `a.ts` may be one file, so they
 * are taken to be: a lock that overlaps too much only waits, one that overlaps too little races).
 */
export function lockKeysOverlap(a: string, b: string): boolean {
  if (a === b) return true;
  if (!a.startsWith(PATH_LOCK_PREFIX) || !b.startsWith(PATH_LOCK_PREFIX)) return false;
  return pathsOverlap(a.slice(PATH_LOCK_PREFIX.length), b.slice(PATH_LOCK_PREFIX.length));
}

function pathsOverlap(a: string, b: string): boolean {
  const aAbsolute = a.startsWith('/');
  if (aAbsolute !== b.startsWith('/')) {
    const [absolute, relative] = aAbsolute ? [a, b] : [b, a];
    return relative === '.' || absolute.endsWith(`/${relative}`);
  }
  if (a === '.' || a === '/' || b === '.' || b === '/') return true;
  const [outer, inner] = a.length <= b.length ? [a, b] : [b, a];
  return inner.startsWith(`${outer}/`);
}
