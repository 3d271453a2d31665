import { getEventListeners } from 'node:events';
import { createCallContext } from '../context/create-call-context';
import { ToolError } from '../errors/tool-error';
import type { ToolResult } from '../result/tool-result';
import { drainToTerminal } from '../stream/drain-to-terminal';
import { ToolSet } from '../toolset/tool-set';
import type { ProgressItem } from '../stream/progress-item';
import type { ToolStreamItem } from '../stream/tool-stream-item';
import { createErasedTool } from './create-erased-tool';
import type { ErasedToolSpec } from './erased-tool-spec';

const decodeJson = (raw: unknown): unknown => (typeof raw === 'string' ? JSON.parse(raw || '{}') : raw);

function tool(invoke: ErasedToolSpec['invoke'], extra: Partial<ErasedToolSpec> = {}) {
  return createErasedTool({
    definition: { name: 'echo', description: 'Echo.' },
    decode: decodeJson,
    invoke,
    ...extra,
  });
}

async function run(
  spec: ReturnType<typeof tool>,
  raw: unknown = '{}',
  onProgress?: (item: ProgressItem) => void,
): Promise<ToolResult> {
  return drainToTerminal(
    spec.execute(raw, createCallContext({ toolName: spec.definition.name })),
    onProgress,
  );
}

function errorOf(result: ToolResult): ToolError {
  if (result.ok) throw new Error('expected a failure');
  return result.error;
}

describe('createErasedTool', () => {
  it('freezes the definition, with defaults and copied schemas', () => {
    const inputSchema = { type: 'object', properties: { a: { type: 'string' } } };
    const erased = createErasedTool({
      definition: {
        name: 'read_file',
        description: 'Read a file.',
        inputSchema,
        source: { className: 'ReadFile', methodName: 'run' },
      },
      decode: decodeJson,
      invoke: () => 'x',
    });
    expect(erased.definition).toEqual({
      name: 'read_file',
      description: 'Read a file.',
      kind: 'other',
      namespace: 'native',
      readOnly: false,
      inputSchema,
      annotations: {},
      source: { className: 'ReadFile', methodName: 'run' },
    });
    expect(Object.isFrozen(erased.definition)).toBe(true);
    expect(Object.isFrozen(erased.definition.inputSchema['properties'])).toBe(true);
    inputSchema.properties.a.type = 'number';
    expect(erased.definition.inputSchema).toEqual({ type: 'object', properties: { a: { type: 'string' } } });
  });

  it('refuses an invalid spec at creation, listing every problem', () => {
    expect(() =>
      createErasedTool({
        definition: { name: 'read file', description: '', timeoutMs: -1 },
        decode: decodeJson,
        invoke: () => 1,
      }),
    ).toThrow(
      [
        "Invalid tool definition 'read file':",
        '  - the tool name "read file" does not match ^[a-zA-Z0-9_-]{1,64}$ (the limit providers enforce). Fix: use letters, digits, _ and -, at most 64 characters, e.g. read_file.',
        '  - description must be a non-empty string: it is how the model learns what the tool does.',
        '  - timeoutMs must be a positive number.',
      ].join('\n'),
    );
    expect(() =>
      createErasedTool({
        definition: { name: 'ok', description: 'Ok.', source: { className: 'Ok' } },
        decode: decodeJson,
        invoke: 'run' as never,
        limits: { concurrency: 0 },
      }),
    ).toThrow(
      "Invalid tool 'ok' (Ok):\n  - invoke must be a function.\n  - limits.concurrency must be a positive integer.",
    );
  });

  it('applies the limits it checked at creation, whatever happens to the object afterwards', async () => {
    const limits = { concurrency: 1, queue: 0 };
    let release: () => void = () => undefined;
    const busy = tool(() => new Promise<string>((resolve) => (release = () => resolve('done'))), { limits });
    // Changed after creation, even to a value creation would have refused: the checked copy applies.
    limits.concurrency = 0;
    const tools = new ToolSet().add(busy);
    const first = tools.call('echo', '{}');
    const second = await tools.call('echo', '{}');
    expect(errorOf(second).kind).toBe('concurrency_limited');
    release();
    expect((await first).ok).toBe(true);
  });

  it('runs a plain tool, sync or async', async () => {
    const sync = await run(
      tool((args: { n: number }) => args.n * 2),
      '{"n":21}',
    );
    expect(sync.ok && sync.value).toBe(42);
    const async = await run(
      tool(async (args: { n: number }) => args.n + 1, { streaming: false }),
      '{"n":1}',
    );
    expect(async.ok && async.value).toBe(2);
    expect(async.meta.toolName).toBe('echo');
  });

  it('returns a decode failure as the result without running the tool', async () => {
    let ran = false;
    const erased = createErasedTool({
      definition: { name: 'read_file', description: 'Read.' },
      decode: () => {
        throw ToolError.invalidArguments([{ path: 'path', expected: 'a string', received: 'nothing' }]);
      },
      invoke: () => {
        ran = true;
      },
    });
    const result = await run(erased);
    expect(ran).toBe(false);
    expect(result.content).toEqual([
      {
        type: 'text',
        text: 'Invalid arguments for read_file:\n  - path: expected a string, received nothing\nFix these and call read_file again.',
      },
    ]);
  });

  it.each([
    ['returned', (error: ToolError): unknown => error],
    ['returned in a promise', (error: ToolError): unknown => Promise.resolve(error)],
    [
      'returned in a thenable',
      (error: ToolError): unknown => ({ then: (settle: (v: unknown) => void) => settle(error) }),
    ],
  ])('takes a ToolError %s by the decoder as the refusal, on every route', async (_how, give) => {
    const limitsOf: Array<ErasedToolSpec['limits']> = [undefined, { timeoutMs: 5_000 }, { concurrency: 1 }];
    for (const streaming of [false, true]) {
      for (const limits of limitsOf) {
        let ran = false;
        const erased = createErasedTool({
          definition: { name: 'read_file', description: 'Read.' },
          decode: () =>
            give(
              ToolError.invalidArguments([{ path: 'path', expected: 'a string', received: 'nothing' }]),
            ) as never,
          invoke: () => {
            ran = true;
          },
          streaming,
          ...(limits === undefined ? {} : { limits }),
        });
        const result = await run(erased);
        expect([streaming, limits, ran, result.ok || result.error.kind]).toEqual([
          streaming,
          limits,
          false,
          'invalid_arguments',
        ]);
      }
    }
  });

  it('refuses oversized raw arguments before decoding (R1)', async () => {
    const erased = createErasedTool({
      definition: { name: 'write_file', description: 'Write.', maxArgumentBytes: 1024 },
      decode: decodeJson,
      invoke: () => 'written',
    });
    const result = await run(erased, JSON.stringify({ text: 'é'.repeat(600) }));
    expect(errorOf(result).kind).toBe('payload_too_large');
    expect(result.content).toEqual([
      {
        type: 'text',
        text: 'The arguments for write_file are 1,211 bytes of JSON; the limit is 1,024 bytes. Send less data in one call (for example, split the work into several calls).',
      },
    ]);
  });

  describe("watching the host's signal", () => {
    it('leaves no listener on a long-lived signal after calls that finish without waiting', async () => {
      const host = new AbortController();
      const set = new ToolSet().add(tool(async (args) => args));
      for (let i = 0; i < 100; i++) {
        const result = await set.call('echo', '{"n":1}', { signal: host.signal });
        expect(result.ok).toBe(true);
      }
      expect(getEventListeners(host.signal, 'abort')).toHaveLength(0);
      await new Promise((resolve) => setImmediate(resolve));
      expect(getEventListeners(host.signal, 'abort')).toHaveLength(0);
    });

    it('stops waiting for a tool that ignores its signal as soon as the host aborts', async () => {
      const host = new AbortController();
      const slow = tool(() => new Promise((resolve) => setTimeout(() => resolve('late'), 2000).unref()));
      const started = Date.now();
      const pending = new ToolSet().add(slow).call('echo', '{}', { signal: host.signal });
      setTimeout(() => host.abort(), 20);
      const result = await pending;
      expect(errorOf(result).kind).toBe('cancelled');
      expect(Date.now() - started).toBeLessThan(1900);
      expect(getEventListeners(host.signal, 'abort')).toHaveLength(0);
    });

    it('sees an abort that happened before its watch started', async () => {
      const host = new AbortController();
      const slow = tool(() => new Promise((resolve) => setTimeout(() => resolve('late'), 2000).unref()));
      const pending = new ToolSet().add(slow).call('echo', '{}', { signal: host.signal });
      host.abort(); // synchronously, before the call's watch begins
      expect(errorOf(await pending).kind).toBe('cancelled');
    });
  });

  describe('with a streaming tool', () => {
    it('turns each yield into a progress item and the return value into the result', async () => {
      const image = { type: 'image', data: 'AAAA', mimeType: 'image/png' } as const;
      const erased = tool(async function* () {
        yield 'reading';
        yield image;
        yield { type: 'progress', kind: 'text', text: 'half way', current: 1, total: 2 };
        yield { percent: 75 };
        return { done: true };
      });
      const items: ToolStreamItem[] = [];
      for await (const item of erased.execute('{}', createCallContext({ toolName: 'echo' })))
        items.push(item);
      expect(items.slice(0, 4)).toEqual([
        { type: 'progress', kind: 'text', text: 'reading' },
        { type: 'progress', kind: 'content', content: image },
        { type: 'progress', kind: 'text', text: 'half way', current: 1, total: 2 },
        { type: 'progress', kind: 'custom', subkind: 'value', payload: { percent: 75 } },
      ]);
      expect(items[4]).toMatchObject({ type: 'terminal', result: { ok: true, value: { done: true } } });
      expect(items).toHaveLength(5);
    });

    it('ends with a failure when the generator throws midway', async () => {
      const seen: ProgressItem[] = [];
      const result = await run(
        tool(async function* () {
          yield 'step 1';
          throw new Error('disk full at /var/secret');
        }),
        '{}',
        (item) => seen.push(item),
      );
      expect(seen).toHaveLength(1);
      expect(errorOf(result).kind).toBe('execution_failed');
      expect(result.content[0]).toEqual({
        type: 'text',
        text: 'echo failed while running; the host has the details. Try another approach or different arguments.',
      });
    });

    it('still runs a generator to its end when declared non-streaming, without progress', async () => {
      const seen: ProgressItem[] = [];
      const result = await run(
        tool(
          async function* () {
            yield 'ignored';
            return 'value';
          },
          { streaming: false },
        ),
        '{}',
        (item) => seen.push(item),
      );
      expect(result.ok && result.value).toBe('value');
      expect(seen).toEqual([]);
    });
  });

  it("uses the tool's toContent and marks structured output", async () => {
    const erased = createErasedTool({
      definition: { name: 'count', description: 'Count.', outputSchema: { type: 'object' } },
      decode: decodeJson,
      invoke: () => ({ count: 3 }),
      toContent: (output: { count: number }) => `${output.count} matches`,
    });
    const result = await run(erased);
    expect(result).toMatchObject({
      ok: true,
      content: [{ type: 'text', text: '3 matches' }],
      structuredContent: { count: 3 },
    });
  });
});
