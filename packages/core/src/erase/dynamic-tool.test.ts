import { ToolSet } from '../toolset/tool-set';
import { dynamicTool } from './dynamic-tool';

const echoSchema = {
  type: 'object',
  properties: { text: { type: 'string' } },
  required: ['text'],
  additionalProperties: false,
};

function echo(validate?: Parameters<typeof dynamicTool>[0]['validate']) {
  return new ToolSet().add(
    dynamicTool({
      name: 'echo',
      description: 'Echo the text.',
      parameters: echoSchema,
      ...(validate ? { validate } : {}),
      run: (args) => `echo: ${String(args['text'])}`,
    }),
  );
}

describe('dynamicTool', () => {
  it('shows its raw schema to the model and runs with the plain object', async () => {
    const tools = echo();
    expect(tools.definitions()[0]).toMatchObject({
      name: 'echo',
      inputSchema: echoSchema,
      namespace: 'user',
    });
    const result = await tools.call('echo', '{"text":"hi"}');
    expect(result.ok && result.value).toBe('echo: hi');
  });

  it('turns the validator’s issues into one invalid_arguments error', async () => {
    const tools = echo((args) =>
      typeof args['text'] === 'string'
        ? undefined
        : [{ path: 'text', expected: 'a string', received: typeof args['text'] }],
    );
    const result = await tools.call('echo', '{"text":5}');
    expect(!result.ok && result.error.modelText).toBe(
      'Invalid arguments for echo:\n  - text: expected a string, received number\nFix these and call echo again.',
    );
  });

  it.each([
    ['malformed JSON', '{"text":"hi",}', 'JSON'],
    ['a duplicate key', '{"text":"a","text":"b"}', 'each property once'],
    ['a prototype key', '{"text":"a","__proto__":{"x":1}}', '__proto__'],
    ['nested prototype key', '{"text":"a","o":{"constructor":{}}}', 'o.constructor'],
    ['a lone surrogate', '{"text":"\\ud800"}', 'text'],
    ['U+0000', '{"text":"a\\u0000b"}', 'NUL'],
    ['a top-level array', '[1]', 'a JSON object'],
    ['deep nesting', '{"a":' + '['.repeat(10_000) + ']'.repeat(10_000) + '}', 'nesting at most 64'],
  ])('rejects %s before the validator or the tool sees it', async (_label, raw, expected) => {
    let ran = 0;
    const tools = echo(() => {
      ran++;
      return undefined;
    });
    const result = await tools.call('echo', raw);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.kind).toBe('invalid_arguments');
    expect(JSON.stringify(result.content)).toContain(expected);
    expect(ran).toBe(0);
  });

  it('refuses arguments over the size cap', async () => {
    const tools = new ToolSet().add(
      dynamicTool({
        name: 'small',
        description: 'Small.',
        parameters: echoSchema,
        maxArgumentBytes: 64,
        run: () => 'ok',
      }),
    );
    const result = await tools.call('small', JSON.stringify({ text: 'x'.repeat(100) }));
    expect(!result.ok && result.error.kind).toBe('payload_too_large');
  });

  it('streams progress from an async generator', async () => {
    const tools = new ToolSet().add(
      dynamicTool({
        name: 'steps',
        description: 'Steps.',
        parameters: { type: 'object', properties: {} },
        async *run() {
          yield 'one';
          yield 'two';
          return 'done';
        },
      }),
    );
    const seen: string[] = [];
    const result = await tools.call('steps', '', {
      onProgress: (item) => item.kind === 'text' && seen.push(item.text),
    });
    expect(seen).toEqual(['one', 'two']);
    expect(result.ok && result.value).toBe('done');
  });
});
