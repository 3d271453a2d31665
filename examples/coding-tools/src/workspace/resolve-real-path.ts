import { promises as fs } from 'node:fs';
import * as path from 'node:path';

// Linux gives up after 40 links (ELOOP); so do we.
const MAX_LINKS = 40;

/**
 * Where `absolute` really leads once every symbolic link is followed, for paths that do not exist yet
 * too: the nearest existing ancestor is resolved with `realpath` and the missing segments are appended,
 * and a dangling link is followed to where it points (a write through it would land there).
 */
export async function resolveRealPath(absolute: string, links = 0): Promise<string> {
  if (links > MAX_LINKS)
    throw Object.assign(new Error(`too many symbolic links: ${absolute}`), { code: 'ELOOP' });
  try {
    return await fs.realpath(absolute);
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
  const parent = path.dirname(absolute);
  if (parent === absolute) return absolute;
  const realParent = await resolveRealPath(parent, links);
  const here = path.join(realParent, path.basename(absolute));
  let isLink = false;
  try {
    isLink = (await fs.lstat(here)).isSymbolicLink();
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
  if (!isLink) return here;
  // A dangling link: follow it by hand, relative to the directory that holds it.
  const target = path.resolve(realParent, await fs.readlink(here));
  return resolveRealPath(target, links + 1);
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
