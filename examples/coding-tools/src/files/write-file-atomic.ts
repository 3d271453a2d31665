import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';

/**
 * Writes a file so that readers see the old content or the new, never half of it: a temporary file
 * in the same directory, then a rename over the target. Keeps the target's permission bits.
 */
export async function writeFileAtomic(absolute: string, content: string, mode?: number): Promise<void> {
  const temporary = path.join(
    path.dirname(absolute),
    `.${path.basename(absolute)}.${randomBytes(6).toString('hex')}.tmp`,
  );
  try {
    await fs.writeFile(temporary, content, { encoding: 'utf8', flag: 'wx', mode: mode ?? 0o666 });
    if (mode !== undefined) await fs.chmod(temporary, mode);
    await fs.rename(temporary, absolute);
  } catch (error) {
    await fs.rm(temporary, { force: true }).catch(() => undefined);
    throw error;
  }
}
