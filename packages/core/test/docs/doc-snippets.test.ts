import { readFileSync } from 'node:fs';
import * as path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const snippets = require('../../../../scripts/doc-snippets.js') as {
  render(page: string): string;
  pages(): string[];
};

describe('docs snippets', () => {
  it('notices a page whose snippet no longer matches its source', () => {
    const cited = 'packages/core/test/docs/getting-started.test.ts#first-tool';
    const stale = `<!-- snippet: ${cited} -->\n\n\`\`\`ts\nclass Outdated {}\n\`\`\`\n\n<!-- /snippet -->`;
    const rendered = snippets.render(stale);
    expect(rendered).not.toBe(stale);
    expect(rendered).toContain('class ReadFile {');
  });

  it.each(snippets.pages().map((page) => [path.relative(path.join(__dirname, '../../../..'), page), page]))(
    '%s shows exactly the code of the test regions it cites',
    (_name, page) => {
      const text = readFileSync(page, 'utf8');
      expect(snippets.render(text)).toBe(text);
    },
  );
});
