import type { ToolError } from '../errors/tool-error';
import type { ContentBlock } from './content-block';
import { NO_OUTPUT_TEXT, resultFromOutput } from './result-from-output';
import { NO_HOST_RESULTS, type ToolResult, type ToolResultMeta } from './tool-result';

const meta: ToolResultMeta = {
  toolName: 'read_file',
  callId: 'call_1',
  durationMs: 1,
  hostResults: NO_HOST_RESULTS,
};
const image: ContentBlock = { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' };

function contentOf(result: ToolResult): readonly ContentBlock[] {
  return result.content;
}

function errorOf(result: ToolResult): ToolError {
  if (result.ok) throw new Error('expected a failure');
  return result.error;
}

describe('resultFromOutput', () => {
  it('makes a string one text block', () => {
    const result = resultFromOutput('hello', meta);
    expect(JSON.parse(JSON.stringify(result))).toEqual({
      ok: true,
      value: 'hello',
      json: 'hello',
      content: [{ type: 'text', text: 'hello' }],
      meta: { ...meta, hostResults: {} },
    });
    expect(result).toMatchObject({ ok: true, value: 'hello', content: [{ type: 'text', text: 'hello' }] });
  });

  it('renders content on first read, once, and keeps plain JSON output as its own JSON form', () => {
    const output = { path: 'src/a.ts', lines: 20 };
    const result = resultFromOutput(output, meta);
    if (!result.ok) throw new Error('expected a success');
    expect(result.json).toBe(output);
    expect(Object.keys(result)).not.toContain('content');
    const first = result.content;
    expect(first).toEqual([{ type: 'text', text: '{"path":"src/a.ts","lines":20}' }]);
    expect(result.content).toBe(first);
    // A spread copy drops the prototype's content; toJSON() carries it.
    expect('content' in { ...result }).toBe(false);
    expect((result as unknown as { toJSON(): ToolResult }).toJSON().content).toBe(first);
  });

  it('copies output that is not plain JSON data into its JSON form', () => {
    const cases: unknown[] = [
      { when: new Date(0) },
      { n: Number.NaN },
      { skipped: undefined, kept: 1 },
      [1, , 3],
      { nested: { toJSON: () => 'x' } },
    ];
    for (const output of cases) {
      const result = resultFromOutput(output, meta);
      if (!result.ok) throw new Error('expected a success');
      expect(result.json).not.toBe(output);
      expect(result.json).toEqual(JSON.parse(JSON.stringify(output)));
      expect(result.content).toEqual([{ type: 'text', text: JSON.stringify(output) }]);
    }
  });

  it('uses a content block or a list of blocks as is', () => {
    expect(contentOf(resultFromOutput(image, meta))).toEqual([image]);
    const blocks: ContentBlock[] = [{ type: 'text', text: 'a chart:' }, image];
    expect(contentOf(resultFromOutput(blocks, meta))).toEqual(blocks);
  });

  it('does not mistake ordinary data for content blocks', () => {
    expect(contentOf(resultFromOutput({ type: 'text' }, meta))).toEqual([
      { type: 'text', text: '{"type":"text"}' },
    ]);
    expect(contentOf(resultFromOutput([image, { type: 'image' }], meta))).toEqual([
      { type: 'text', text: JSON.stringify([image, { type: 'image' }]) },
    ]);
    expect(contentOf(resultFromOutput([], meta))).toEqual([{ type: 'text', text: '[]' }]);
  });

  it('renders anything else as its JSON, with its JSON-safe form in json', () => {
    class FileSlice {
      constructor(
        readonly path: string,
        readonly lines: string[],
        readonly readAt: Date,
      ) {}
    }
    const output = new FileSlice('a.ts', ['x'], new Date('2024-01-02T03:04:05.000Z'));
    const result = resultFromOutput(output, meta);
    expect(result.ok && result.json).toEqual({
      path: 'a.ts',
      lines: ['x'],
      readAt: '2024-01-02T03:04:05.000Z',
    });
    expect(result.ok && result.value).toBe(output);
    expect(contentOf(result)).toEqual([
      { type: 'text', text: '{"path":"a.ts","lines":["x"],"readAt":"2024-01-02T03:04:05.000Z"}' },
    ]);
  });

  it('never gives empty content', () => {
    expect(contentOf(resultFromOutput(undefined, meta))).toEqual([{ type: 'text', text: NO_OUTPUT_TEXT }]);
    expect(contentOf(resultFromOutput('', meta))).toEqual([{ type: 'text', text: NO_OUTPUT_TEXT }]);
    expect(contentOf(resultFromOutput(undefined, meta, { toContent: () => [] }))).toEqual([
      { type: 'text', text: NO_OUTPUT_TEXT },
    ]);
    expect(contentOf(resultFromOutput({ n: 1 }, meta, { toContent: () => [] }))).toEqual([
      { type: 'text', text: '{"n":1}' },
    ]);
  });

  it('lets the tool render itself with toContent', () => {
    expect(
      contentOf(resultFromOutput({ n: 2 }, meta, { toContent: (output) => `n is ${output.n}` })),
    ).toEqual([{ type: 'text', text: 'n is 2' }]);
    expect(contentOf(resultFromOutput({ n: 2 }, meta, { toContent: () => image }))).toEqual([image]);
    expect(contentOf(resultFromOutput('x', meta, { toContent: () => [image, image] }))).toEqual([
      image,
      image,
    ]);
  });

  it('fails with invalid_output when toContent returns something else, and normalizes its throws', () => {
    const invalid = errorOf(resultFromOutput({ n: 1 }, meta, { toContent: () => ({ nope: true }) as never }));
    expect(invalid.kind).toBe('invalid_output');
    expect(invalid.modelText).toBe(
      'read_file produced output that could not be returned. Try different arguments or another approach.',
    );
    const thrown = errorOf(
      resultFromOutput({ n: 1 }, meta, {
        toContent: () => {
          throw new Error('render bug');
        },
      }),
    );
    expect(thrown.kind).toBe('execution_failed');
    expect(thrown.modelText).not.toContain('render bug');
  });

  it('adds structured content for an object output when the tool declares an output schema', () => {
    const result = resultFromOutput({ count: 3 }, meta, { structured: true });
    expect(result.ok && result.structuredContent).toEqual({ count: 3 });
    expect(resultFromOutput([1], meta, { structured: true })).not.toHaveProperty('structuredContent');
    expect(resultFromOutput({ count: 3 }, meta)).not.toHaveProperty('structuredContent');
  });

  it('truncates long text with a visible marker', () => {
    const result = resultFromOutput('a'.repeat(3000), meta, { maxTextBytes: 1024 });
    expect(contentOf(result)).toEqual([
      { type: 'text', text: `${'a'.repeat(1024)}\n…[truncated: 2.9 KiB total, showing the first 1 KiB]` },
    ]);
    expect(result.ok && result.value).toHaveLength(3000);
  });

  it('truncates text blocks from toContent and JSON text too', () => {
    const viaBlocks = resultFromOutput(1, meta, {
      maxTextBytes: 10,
      toContent: () => [{ type: 'text', text: 'b'.repeat(20) }, image],
    });
    expect(contentOf(viaBlocks)).toEqual([
      { type: 'text', text: `${'b'.repeat(10)}\n…[truncated: 20 bytes total, showing the first 10 bytes]` },
      image,
    ]);
    const viaJson = resultFromOutput({ text: 'c'.repeat(20) }, meta, { maxTextBytes: 12 });
    expect(contentOf(viaJson)[0]).toEqual({
      type: 'text',
      text: '{"text":"ccc\n…[truncated: 31 bytes total, showing the first 12 bytes]',
    });
  });

  describe('with output that cannot become JSON (F12)', () => {
    const cyclic: Record<string, unknown> = { name: 'a' };
    cyclic['self'] = cyclic;
    let deep: unknown = 'leaf';
    for (let level = 0; level < 70; level++) deep = { next: deep };
    const throwing = {
      get size(): number {
        throw new Error('disk gone');
      },
    };
    Object.defineProperty(throwing, 'size', { enumerable: true });

    it.each([
      ['a cycle', cyclic, '$.self', 'it refers back to itself (a circular reference)'],
      ['a bigint', { total: 10n }, '$.total', 'a bigint has no JSON form (convert it to a string)'],
      ['a function', { items: [1, () => 2] }, '$.items[1]', 'a function has no JSON form'],
      ['a throwing getter', throwing, '$.size', 'reading it threw an error'],
      ['nesting deeper than 64', deep, `$${'.next'.repeat(64)}`, 'it nests deeper than 64 levels'],
    ])('returns invalid_output for %s, naming the path', (_label, output, path, reason) => {
      const error = errorOf(resultFromOutput(output, meta));
      expect(error.kind).toBe('invalid_output');
      expect(error.details).toEqual({ path, reason });
      expect(error.modelText).toBe(
        `read_file produced output that could not be converted to JSON: at ${path}, ${reason}. Try different arguments or another approach.`,
      );
    });
  });
});
