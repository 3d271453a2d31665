import 'reflect-metadata';
import { createErasedTool, ToolSet, type ExtensionEntry } from '@toolwright/core';
import {
  adaptedTool,
  callSecrets,
  contentText,
  readAdapterSource,
  visibleContent,
  visibleText,
} from '@toolwright/registry/internal';
import { ToolRegistry } from '../src';

const API_KEY = 'sk-live-0123456789abcdef';

class ApiKey {
  constructor(readonly value: string) {}
}

function leaky(timeoutMs?: number) {
  return createErasedTool({
    definition: {
      name: 'leak',
      description: 'Says the key.',
      inputSchema: { type: 'object', properties: {}, additionalProperties: false },
      readOnly: true,
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
    },
    decode: (raw) => (typeof raw === 'string' ? JSON.parse(raw === '' ? '{}' : raw) : raw),
    // As a tool that read its injected key and echoes it.
    invoke: () => `key is ${API_KEY}`,
  });
}

function handle() {
  return new ToolRegistry()
    .provide(ApiKey, new ApiKey(API_KEY), { secret: true })
    .tool(leaky(1500))
    .finalize();
}

describe('readAdapterSource: the one reading of a source every framework adapter shares', () => {
  it('reads a handle, a snapshot and a ToolSet by shape, with the same tools and names', async () => {
    const registry = handle();
    const set = new ToolSet();
    set.add(leaky(1500));
    for (const source of [registry, registry.snapshot(), set]) {
      const read = readAdapterSource(source, 'someAdapter');
      expect(read.names()).toEqual(['leak']);
      expect(read.tools().map(adaptedTool)).toEqual([
        {
          name: 'leak',
          description: 'Says the key.',
          inputSchema: { type: 'object', properties: {}, additionalProperties: false },
          readOnly: true,
          destructive: false,
          timeoutMs: 1500,
        },
      ]);
      const result = await read.call('leak', '{}', {});
      expect(result.ok).toBe(true);
    }
    expect(typeof readAdapterSource(registry, 'a').onChange).toBe('function');
    expect(readAdapterSource(set, 'a').onChange).toBeUndefined();
    expect(readAdapterSource(registry, 'a').snapshot?.().names).toEqual(['leak']);
  });

  it('names the adapter and what it accepts when the source is something else', () => {
    for (const wrong of [undefined, null, 42, {}, { call: 1 }, { call: () => undefined }]) {
      expect(() => readAdapterSource(wrong as never, 'langChainTools')).toThrow(
        new TypeError(
          'langChainTools(source): source must be a finalized registry (the ToolServerHandle finalize() returns), one of its snapshots, or a ToolSet.',
        ),
      );
    }
  });

  it("scrubs the host's secret values and the call's extension values from what the model reads", async () => {
    class Session {
      constructor(readonly token: string) {}
    }
    const read = readAdapterSource(handle(), 'someAdapter');
    const result = await read.call('leak', '{}', {});
    expect(contentText(result.content)).toBe(`key is ${API_KEY}`);

    const extensions: ExtensionEntry[] = [[Session, new Session('session-token-77')]];
    const secrets = callSecrets(read, extensions);
    expect(secrets).toEqual(expect.arrayContaining([API_KEY, 'session-token-77']));
    expect(contentText(visibleContent(result, secrets))).toBe('key is [redacted]');
    expect(visibleText(`${API_KEY} and session-token-77`, secrets)).toBe('[redacted] and [redacted]');
    expect(visibleContent(result, [])).toBe(result.content);
    expect(callSecrets(readAdapterSource(new ToolSet(), 'a'), undefined)).toEqual([]);
  });
});
