import 'reflect-metadata';
import fc from 'fast-check';
import { ToolError } from '../errors/tool-error';
import { Param } from '../decorators/param';
import { Prompt } from '../decorators/prompt';
import { Resource } from '../decorators/resource';
import { ResourceTemplate } from '../decorators/resource-template';
import { completeValues, MAX_COMPLETION_VALUES } from './complete-values';
import { eraseCatalog } from './erase-catalog';
import { toPromptResult } from './to-prompt-result';
import { toResourceContents } from './to-resource-contents';

const signal = new AbortController().signal;

describe('completeValues', () => {
  it('keeps at most 100 matching values, in order, and counts them all', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.string({ maxLength: 4 }), { maxLength: 300 }),
        fc.string({ maxLength: 2 }),
        async (list, typed) => {
          const result = await completeValues(list, typed, { argument: 'a', arguments: {}, signal });
          const matching = list.filter((value) => value.toLowerCase().startsWith(typed.toLowerCase()));
          expect(result.values).toEqual(matching.slice(0, MAX_COMPLETION_VALUES));
          expect(result.total).toBe(matching.length);
          expect(result.hasMore).toBe(matching.length > MAX_COMPLETION_VALUES);
        },
      ),
    );
  });

  it('caps what a function returns, drops what is not a string, and keeps a total it states', async () => {
    const many = Array.from({ length: 150 }, (_, index) => `v${index}`);
    expect(
      await completeValues(() => [...many, 7 as unknown as string], '', {
        argument: 'a',
        arguments: {},
        signal,
      }),
    ).toEqual({ values: many.slice(0, 100), total: 150, hasMore: true });
    expect(
      await completeValues(async () => ({ values: ['a'], total: 1000 }), '', {
        argument: 'a',
        arguments: {},
        signal,
      }),
    ).toEqual({ values: ['a'], total: 1000, hasMore: true });
    expect(
      await completeValues(() => 'nonsense' as never, '', { argument: 'a', arguments: {}, signal }),
    ).toEqual({
      values: [],
      total: 0,
      hasMore: false,
    });
  });
});

describe('toResourceContents', () => {
  it('turns strings, bytes, records, lists and JSON into contents with the resource’s URI and type', () => {
    expect(toResourceContents('hi', 'a://x', undefined, 'x')).toEqual([
      { uri: 'a://x', mimeType: 'text/plain', text: 'hi' },
    ]);
    expect(toResourceContents(new Uint8Array([1, 2]), 'a://x', 'image/png', 'x')).toEqual([
      { uri: 'a://x', mimeType: 'image/png', blob: 'AQI=' },
    ]);
    expect(
      toResourceContents(
        [{ text: 'a' }, { uri: 'a://y', blob: 'AA==', mimeType: 'x/y' }],
        'a://x',
        'text/markdown',
        'x',
      ),
    ).toEqual([
      { uri: 'a://x', mimeType: 'text/markdown', text: 'a' },
      { uri: 'a://y', mimeType: 'x/y', blob: 'AA==' },
    ]);
    expect(toResourceContents({ id: 1 }, 'a://x', undefined, 'x')).toEqual([
      { uri: 'a://x', mimeType: 'application/json', text: '{"id":1}' },
    ]);
  });

  it('refuses no contents and contents that are not JSON, as invalid_output', () => {
    for (const output of [undefined, null, []]) {
      expect(() => toResourceContents(output, 'a://x', undefined, 'x')).toThrow(
        'x returned no contents for a://x.',
      );
    }
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    let thrown: unknown;
    try {
      toResourceContents(cyclic, 'a://x', undefined, 'x');
    } catch (error) {
      thrown = error;
    }
    expect(ToolError.is(thrown) && thrown.kind).toBe('invalid_output');
  });
});

describe('toPromptResult', () => {
  it('takes a string, messages, and { description, messages }', () => {
    expect(toPromptResult('hi', 'p')).toEqual({
      messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }],
    });
    expect(
      toPromptResult({ description: 'd', messages: [{ role: 'assistant', content: 'ok' }] }, 'p'),
    ).toEqual({ description: 'd', messages: [{ role: 'assistant', content: { type: 'text', text: 'ok' } }] });
  });

  it.each([
    [[], 'the prompt p built no valid result: it has no messages.'],
    [[{ role: 'system', content: 'x' }], 'message 0 has the role "system"; MCP knows user and assistant'],
    [
      [{ role: 'user', content: { type: 'text' } }],
      "message 0's content is not text, an image, audio or an embedded resource",
    ],
    [[42], 'message 0 is number'],
    [{ description: 3, messages: [] }, 'its description is not a string'],
  ])('refuses %j as invalid_output', (output, text) => {
    let thrown: unknown;
    try {
      toPromptResult(output, 'p');
    } catch (error) {
      thrown = error;
    }
    expect(ToolError.is(thrown) && thrown.kind).toBe('invalid_output');
    expect((thrown as ToolError).modelText).toContain(text);
  });
});

describe('catalog calls', () => {
  it('time out a resource that never answers, with the signal aborted, and honour the caller’s cancel', async () => {
    let seen: AbortSignal | undefined;
    class Slow {
      @Resource({ uri: 'slow://x', name: 'slow', timeoutMs: 50 })
      slow(ctx: { signal: AbortSignal }): Promise<string> {
        seen = ctx.signal;
        return new Promise(() => undefined);
      }
      @Prompt({ name: 'wait', timeoutMs: 10_000 })
      wait(): Promise<string> {
        return new Promise(() => undefined);
      }
    }
    const catalog = eraseCatalog(new Slow());
    await expect(catalog.resources[0]!.read()).rejects.toMatchObject({ kind: 'timeout' });
    expect(seen?.aborted).toBe(true);
    const controller = new AbortController();
    const pending = catalog.prompts[0]!.get({}, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'cancelled' });
  });

  it('turn what a method throws into a ToolError that keeps the cause from the text', async () => {
    class Throws {
      @ResourceTemplate({ uriTemplate: 'x://{id}', name: 'x' })
      x(@Param('id') id: string): string {
        throw new Error(`secret ${id}`);
      }
    }
    const template = eraseCatalog(new Throws()).resourceTemplates[0]!;
    const thrown = await template.read('x://1').catch((error: unknown) => error);
    expect(ToolError.is(thrown) && thrown.kind).toBe('execution_failed');
    expect((thrown as ToolError).modelText).not.toContain('secret 1');
    expect(((thrown as ToolError).cause as Error).message).toBe('secret 1');
    await expect(template.read('y://1')).resolves.toBeUndefined();
  });
});
