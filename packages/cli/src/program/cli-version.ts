import { readFileSync } from 'node:fs';
import path from 'node:path';

/** This package's version, from its package.json (one directory above src/ and dist/). */
export function cliVersion(): string {
  try {
    const manifest = JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8')) as {
      version?: unknown;
    };
    return typeof manifest.version === 'string' ? manifest.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}
