import { FinalizeError } from '@toolwright/registry';
import type { ToolServerHandle } from '@toolwright/registry';
import { createCodingRegistry, Edit, HASHLINE_EDITORS_REASON, lineHash } from '../src';
import { call, kindOf, makeTempDir, readFile, removeTempDir, writeFile } from './helpers';

let root: string;
let tools: ToolServerHandle;

beforeAll(() => {
  root = makeTempDir('hashline');
  tools = createCodingRegistry({ root, dialect: 'hashline' }).finalize();
});

afterAll(() => removeTempDir(root));

/** The anchor of line `n` (1-based) of a file's text, as read_file shows it. */
function anchor(text: string, n: number): string {
  return `${n}:${lineHash(text.split('\n')[n - 1]!.replace(/\r$/, ''))}`;
}

const FIVE = 'one\ntwo\nthree\nfour\nfive\n';

describe('read_file in the hashline dialect', () => {
  it('tags each line with its number and the hash of its content', async () => {
    writeFile(root, 'five.txt', FIVE);
    const outcome = await call(tools, 'read_file', { path: 'five.txt' });
    expect(outcome.text.split('\n')).toEqual([
      `1:${lineHash('one')}|one`,
      `2:${lineHash('two')}|two`,
      `3:${lineHash('three')}|three`,
      `4:${lineHash('four')}|four`,
      `5:${lineHash('five')}|five`,
    ]);
    expect(lineHash('one')).toMatch(/^[0-9a-f]{3}$/);
    // The README's example.
    expect([lineHash("import { a } from './a';"), lineHash(''), lineHash('export const b = a + 1;')]).toEqual(
      ['14a', 'c8d', 'b77'],
    );
    expect(lineHash('one')).not.toBe(lineHash('one '));
  });

  it('reads a window with offset and limit, and hashes a long line whole though it shows it cut', async () => {
    const long = 'x'.repeat(2500);
    writeFile(root, 'long.txt', `a\n${long}\nb\n`);
    const outcome = await call(tools, 'read_file', { path: 'long.txt', offset: 2, limit: 1 });
    expect(outcome.text.startsWith(`2:${lineHash(long)}|xxx`)).toBe(true);
    expect(outcome.text).toContain('[line truncated: 500 more characters]');
    expect(outcome.text).toContain('Continue with offset=3.');
  });
});

describe('hashline_edit', () => {
  it('replaces, deletes and inserts by anchors in one call, and shows the new anchors', async () => {
    writeFile(root, 'edit.txt', FIVE);
    const outcome = await call(tools, 'hashline_edit', {
      path: 'edit.txt',
      edits: [
        { op: 'replace', start: anchor(FIVE, 2), end: anchor(FIVE, 3), text: 'TWO\nTHREE\nTHREE AND A HALF' },
        { op: 'delete', start: anchor(FIVE, 5) },
        { op: 'insert_before', start: anchor(FIVE, 1), text: 'zero' },
        { op: 'insert_after', start: anchor(FIVE, 4), text: 'four and a half\n' },
      ],
    });
    expect(kindOf(outcome.result)).toBe('ok');
    expect(readFile(root, 'edit.txt')).toBe(
      'zero\none\nTWO\nTHREE\nTHREE AND A HALF\nfour\nfour and a half\n',
    );
    expect(outcome.text.split('\n')).toEqual([
      'Edited edit.txt: 4 edits applied; 5 lines before, 7 now. Line numbers after an edit have moved: use the anchors below, or read the file again.',
      `1:${lineHash('zero')}|zero`,
      `3:${lineHash('TWO')}|TWO`,
      `4:${lineHash('THREE')}|THREE`,
      `5:${lineHash('THREE AND A HALF')}|THREE AND A HALF`,
      `7:${lineHash('four and a half')}|four and a half`,
    ]);
  });

  it('takes edits sent as a JSON string (the lenient form of its array)', async () => {
    writeFile(root, 'json.txt', FIVE);
    const edits = JSON.stringify([{ op: 'replace', start: anchor(FIVE, 1), text: 'ONE' }]);
    const outcome = await call(tools, 'hashline_edit', { path: 'json.txt', edits });
    expect(kindOf(outcome.result)).toBe('ok');
    expect(readFile(root, 'json.txt')).toBe('ONE\ntwo\nthree\nfour\nfive\n');
  });

  it('refuses a stale anchor with a conflict telling the model to read again, and changes nothing', async () => {
    writeFile(root, 'stale.txt', FIVE);
    const before = anchor(FIVE, 3);
    writeFile(root, 'stale.txt', FIVE.replace('three', 'THREE'));
    const outcome = await call(tools, 'hashline_edit', {
      path: 'stale.txt',
      edits: [{ op: 'replace', start: before, text: 'drei' }],
    });
    expect(kindOf(outcome.result)).toBe('conflict');
    expect(outcome.text).toBe(
      `edit 1: the anchor ${before} is stale: line 3 of "stale.txt" now has hash ${lineHash('THREE')}. The file changed since you read it: read it again and use the new anchors. No edit was applied.`,
    );
    expect(readFile(root, 'stale.txt')).toBe(FIVE.replace('three', 'THREE'));
    const past = await call(tools, 'hashline_edit', {
      path: 'stale.txt',
      edits: [{ op: 'delete', start: `9:${lineHash('x')}` }],
    });
    expect(kindOf(past.result)).toBe('conflict');
    expect(past.text).toContain('line 9 does not exist; "stale.txt" has 5 lines now.');
  });

  it('applies all edits or none: one stale anchor among several leaves the file as it was', async () => {
    writeFile(root, 'atomic.txt', FIVE);
    const outcome = await call(tools, 'hashline_edit', {
      path: 'atomic.txt',
      edits: [
        { op: 'replace', start: anchor(FIVE, 1), text: 'ONE' },
        { op: 'replace', start: `2:${lineHash('not two')}`, text: 'TWO' },
      ],
    });
    expect(kindOf(outcome.result)).toBe('conflict');
    expect(outcome.text).toContain('edit 2: the anchor');
    expect(readFile(root, 'atomic.txt')).toBe(FIVE);
  });

  it('refuses overlapping edits, naming both', async () => {
    writeFile(root, 'overlap.txt', FIVE);
    const cases = [
      [
        { op: 'replace', start: anchor(FIVE, 1), end: anchor(FIVE, 3), text: 'a' },
        { op: 'delete', start: anchor(FIVE, 3), end: anchor(FIVE, 4) },
      ],
      [
        { op: 'delete', start: anchor(FIVE, 2), end: anchor(FIVE, 4) },
        { op: 'insert_after', start: anchor(FIVE, 2), text: 'inside' },
      ],
      [
        { op: 'replace', start: anchor(FIVE, 2), text: 'a' },
        { op: 'replace', start: anchor(FIVE, 2), text: 'b' },
      ],
    ];
    for (const edits of cases) {
      const outcome = await call(tools, 'hashline_edit', { path: 'overlap.txt', edits });
      expect(kindOf(outcome.result)).toBe('invalid_arguments');
      expect(outcome.text).toMatch(/^edits 1 \(.+\) and 2 \(.+\) overlap; make them one edit/);
    }
    expect(
      outcome(
        await call(tools, 'hashline_edit', {
          path: 'overlap.txt',
          edits: [
            { op: 'delete', start: anchor(FIVE, 2), end: anchor(FIVE, 3) },
            { op: 'insert_after', start: anchor(FIVE, 3), text: 'after the range' },
            { op: 'insert_before', start: anchor(FIVE, 2), text: 'before the range' },
          ],
        }),
      ),
    ).toBe('ok');
    expect(readFile(root, 'overlap.txt')).toBe('one\nbefore the range\nafter the range\nfour\nfive\n');
  });

  it('keeps CRLF line breaks, and hashes CRLF lines as their LF twins', async () => {
    const crlf = 'alpha\r\nbeta\r\ngamma';
    writeFile(root, 'crlf.txt', crlf);
    const read = await call(tools, 'read_file', { path: 'crlf.txt' });
    expect(read.text.split('\n')[1]).toBe(`2:${lineHash('beta')}|beta`);
    const outcome = await call(tools, 'hashline_edit', {
      path: 'crlf.txt',
      edits: [
        { op: 'replace', start: `2:${lineHash('beta')}`, text: 'BETA\nBETA 2' },
        { op: 'insert_after', start: `3:${lineHash('gamma')}`, text: 'delta' },
      ],
    });
    expect(kindOf(outcome.result)).toBe('ok');
    expect(readFile(root, 'crlf.txt')).toBe('alpha\r\nBETA\r\nBETA 2\r\ngamma\r\ndelta');
  });

  it('refuses malformed edits with curated messages', async () => {
    writeFile(root, 'bad.txt', FIVE);
    const bad = async (edit: Record<string, unknown>): Promise<string> => {
      const outcome = await call(tools, 'hashline_edit', { path: 'bad.txt', edits: [edit] });
      expect(kindOf(outcome.result)).toBe('invalid_arguments');
      return outcome.text;
    };
    expect(await bad({ op: 'replace', start: '2', text: 'x' })).toContain('edits[0].start');
    expect(await bad({ op: 'replace', start: anchor(FIVE, 2) })).toBe(
      'edit 1 (replace) needs text: the new lines.',
    );
    expect(await bad({ op: 'delete', start: anchor(FIVE, 2), text: 'x' })).toBe(
      'edit 1 (delete) takes no text; to change lines, use replace.',
    );
    expect(await bad({ op: 'insert_after', start: anchor(FIVE, 2), end: anchor(FIVE, 3), text: 'x' })).toBe(
      'edit 1 (insert_after) takes no end: it inserts next to one line.',
    );
    expect(await bad({ op: 'delete', start: anchor(FIVE, 3), end: anchor(FIVE, 2) })).toBe(
      'edit 1: end (line 2) comes before start (line 3).',
    );
    writeFile(root, 'empty.txt', '');
    const empty = await call(tools, 'hashline_edit', {
      path: 'empty.txt',
      edits: [{ op: 'insert_before', start: `1:${lineHash('')}`, text: 'x' }],
    });
    expect(empty.text).toBe(
      '"empty.txt" is empty, so no line can anchor an edit; write its content with write_file.',
    );
    expect(readFile(root, 'bad.txt')).toBe(FIVE);
  });
});

describe('the hashline dialect', () => {
  it("registers read_file and hashline_edit in place of edit and search_replace, in toolwright's namespace", () => {
    expect(tools.tools().map((tool) => `${tool.namespace}:${tool.name}:${tool.kind}`)).toEqual([
      'native:read_file:read',
      'native:write_file:write',
      'native:hashline_edit:edit',
      'native:grep:search',
      'native:glob:glob',
      'native:list_dir:list',
      'native:shell:shell',
      'native:run_tests:process',
    ]);
  });

  it('declares hashline_edit exclusive with edit', () => {
    let error: unknown;
    try {
      createCodingRegistry({ root, dialect: 'hashline' }).tool(Edit).finalize();
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(FinalizeError);
    expect((error as FinalizeError).message.replace(/\s+/g, ' ')).toContain(
      `edit and hashline_edit are both registered, but they are exclusive: ${HASHLINE_EDITORS_REASON}.`,
    );
  });
});

function outcome(result: { result: Parameters<typeof kindOf>[0] }): string {
  return kindOf(result.result);
}
