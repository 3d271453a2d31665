import { cpSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** The sample project shipped with the demo (next to `src/` and `dist/`). */
export const SAMPLE_WORKSPACE = path.resolve(__dirname, '..', 'sample-workspace');

/** Copies the sample project to a fresh temporary directory, so the demo never edits the original. */
export function copySampleWorkspace(source: string = SAMPLE_WORKSPACE): string {
  const target = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'toolwright-demo-')));
  cpSync(source, target, { recursive: true });
  return target;
}

/** Removes a copy made by `copySampleWorkspace`. */
export function removeWorkspace(directory: string): void {
  rmSync(directory, { recursive: true, force: true });
}
