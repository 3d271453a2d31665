import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// The registry reads top-down: `builder/` records what the author asked for, `handle/` serves a
// finalized tool set, `finalize/` checks and assembles it. Each depends only on the ones below it.
const ORDER = ['builder', 'handle', 'finalize'];
const SRC = path.resolve(__dirname, '..', 'src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('the registry folders', () => {
  it('depend top-down: builder → handle → finalize, never back up', () => {
    const upward: string[] = [];
    for (const [level, folder] of ORDER.entries()) {
      for (const file of sources(path.join(SRC, folder))) {
        const text = readFileSync(file, 'utf8');
        for (const match of text.matchAll(/from '(\.\.?\/[^']+)'/g)) {
          const target = path.relative(SRC, path.resolve(path.dirname(file), match[1]!)).split(path.sep)[0]!;
          const targetLevel = ORDER.indexOf(target);
          if (targetLevel !== -1 && targetLevel < level)
            upward.push(`${path.relative(SRC, file)} imports ${match[1]}`);
        }
      }
    }
    expect(upward).toEqual([]);
  });
});
