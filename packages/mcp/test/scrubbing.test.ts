import type { CallToolResult, Client, LoggingLevel, Progress } from '@modelcontextprotocol/client';
import { createToken, ToolError, type ToolCallContext } from '@toolwright/core';
import { fromClass, fromFactory } from '@toolwright/resources';
import { ToolRegistry } from '@toolwright/registry';
import { McpSession } from '@toolwright/mcp';
import { connectInMemory, rawTool, REVISIONS, type Revision } from './helpers';

// R9/R22: no host-only value reaches the client in any text a call sends — progress (text,
// content and custom items), log messages, error text — whether it came from the context bag or
// was bound with `provide(…, { secret: true })`.

const PROVIDED = 'sk-provided-0123456789';
const FACTORY_BUILT = 'factory-built-secret-42';
const BAG = 'bag-token-abcdef';
const ApiKey = createToken<string>('ApiKey');
const Vault = createToken<{ password: string }>('Vault');
const Session = createToken<{ token: string }>('Session');

const LOG_LEVEL_META_KEY = 'io.modelcontextprotocol/logLevel';

function leakyTools(): ToolRegistry {
  const all = `${PROVIDED} ${FACTORY_BUILT} ${BAG}`;
  return new ToolRegistry()
    .provide(ApiKey, PROVIDED, { secret: true })
    .provide(
      Vault,
      fromFactory(() => ({ password: FACTORY_BUILT })),
      { secret: true },
    )
    .tool(
      rawTool('leaky_progress', async function* () {
        yield { type: 'progress', kind: 'text', text: `text ${all}` };
        yield { type: 'progress', kind: 'content', content: { type: 'text', text: `content ${all}` } };
        yield { type: 'progress', kind: 'custom', subkind: 'note', payload: `custom ${all}` };
        yield `plain ${all}`;
        return 'done';
      }),
    )
    .tool(
      rawTool('leaky_log', async (_args, ctx: ToolCallContext) => {
        const session = ctx.require(McpSession);
        await session.log('info', `log ${all}`);
        await session.log('warning', { nested: { detail: `nested ${all}` }, list: [BAG] }, `logger-${BAG}`);
        return 'logged';
      }),
    )
    .tool(
      rawTool('leaky_error', () => {
        // A ToolError's text is what the model reads, so it is where a secret would leak.
        throw ToolError.unavailable(`the upstream refused ${all}; try later`);
      }),
    );
}

describe.each(REVISIONS)('scrubbing of client-bound text (R22), %s', (revision: Revision) => {
  let client: Client;
  let close: () => Promise<void>;
  const logs: unknown[] = [];

  beforeAll(async () => {
    const registry = leakyTools();
    const handle = registry.finalize();
    // The factory value is built at first use; build it now, as a tool's injection would.
    handle.resources.get(Vault);
    ({ client, close } = await connectInMemory(
      handle,
      { context: () => [[Session, { token: BAG }]] },
      {},
      revision,
    ));
    client.setNotificationHandler('notifications/message', (notification) => {
      logs.push(notification.params);
    });
  });

  afterAll(async () => {
    await close();
  });

  function expectClean(text: string): void {
    expect(text).toContain('[redacted]');
    for (const secret of [PROVIDED, FACTORY_BUILT, BAG]) expect(text).not.toContain(secret);
  }

  it('scrubs progress messages of every kind of item', async () => {
    const progress: Progress[] = [];
    const result = await client.request(
      { method: 'tools/call', params: { name: 'leaky_progress', arguments: {} } },
      { onprogress: (item) => progress.push(item) },
    );
    expect((result as CallToolResult).content).toEqual([{ type: 'text', text: 'done' }]);
    expect(progress.map((item) => item.message?.split(' ')[0])).toEqual([
      'text',
      'content',
      'custom',
      'plain',
    ]);
    expectClean(JSON.stringify(progress));
  });

  it('scrubs log messages, their structured data and the logger name', async () => {
    const level: LoggingLevel = 'debug';
    if (revision === '2025-11-25') await client.setLoggingLevel(level);
    await client.callTool({
      name: 'leaky_log',
      arguments: {},
      ...(revision === '2025-11-25' ? {} : { _meta: { [LOG_LEVEL_META_KEY]: level } }),
    });
    expect(logs).toHaveLength(2);
    expectClean(JSON.stringify(logs));
    expect(logs[1]).toMatchObject({
      level: 'warning',
      data: { nested: { detail: expect.stringMatching(/^nested /) } },
    });
  });

  it('scrubs error text of provided secrets as well as context values', async () => {
    const failed = (await client.callTool({ name: 'leaky_error', arguments: {} })) as CallToolResult;
    expect(failed.isError).toBe(true);
    expectClean(JSON.stringify(failed));
  });
});

describe('registry.provide(…, { secret: true })', () => {
  it('refuses to mark a fromClass provider secret, at finalize', () => {
    class Keys {
      readonly key = PROVIDED;
    }
    expect(() =>
      new ToolRegistry().provide(createToken<Keys>('Keys'), fromClass(Keys), { secret: true }).finalize(),
    ).toThrow(/fromClass\(…\) value secret/);
  });
});
