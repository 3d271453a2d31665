import { readFileSync } from 'node:fs';
import * as path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const snippets = require('../../../../scripts/doc-snippets.js') as {
  render(page: string): string;
  pages(): string[];
};

describe('docs snippets', () => {
  it.each(snippets.pages().map((page) => [path.basename(page), page]))(
    '%s shows exactly the code of the test regions it cites',
    (_name, page) => {
      const text = readFileSync(page, 'utf8');
      expect(snippets.render(text)).toBe(text);
    },
  );
});
