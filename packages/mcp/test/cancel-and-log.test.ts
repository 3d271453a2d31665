import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  Client,
  LOG_LEVEL_META_KEY,
  StreamableHTTPClientTransport,
  type CallToolResult,
  type LoggingLevel,
  type Transport,
} from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { ToolCallContext } from '@toolwright/core';
import { ToolRegistry, type ToolServerHandle } from '@toolwright/registry';
import { McpSession } from '@toolwright/mcp';
import { serveMcp, type McpServing } from '@toolwright/mcp/node';
import { clientOptions, rawTool, REVISIONS, sleep, waitFor, type Revision } from './helpers';

// Cancellation and logging through the real SDK v2 Client of each revision, over stdio (a child
// process on the built packages) and Streamable HTTP (serveMcp in process): the same tool code
// sees its signal abort when the client cancels, and its log lines reach the client filtered by
// the level the client asked for (logging/setLevel under 2025-11-25, the request's logLevel under
// 2026-07-28).
const FIXTURE = join(__dirname, 'fixtures', 'cancel-log-server.js');
const BUILT = join(__dirname, '..', 'dist', 'node.js');
const TRANSPORTS = ['stdio', 'http'] as const;

function text(result: CallToolResult): string {
  return result.content.map((block) => (block.type === 'text' ? block.text : `[${block.type}]`)).join('\n');
}

// The same tools as the stdio fixture, for the in-process HTTP server.
function httpTools(): ToolServerHandle {
  let aborted = 0;
  return new ToolRegistry()
    .tool(
      rawTool('slow', async (_args, ctx: ToolCallContext) => {
        await sleep(10_000, ctx.signal);
        if (ctx.signal.aborted) aborted += 1;
        return ctx.signal.aborted ? 'aborted' : 'finished';
      }),
    )
    .tool(rawTool('aborted_count', () => `aborted ${aborted}`))
    .tool(
      rawTool('chatty', async (_args, ctx: ToolCallContext) => {
        const session = ctx.require(McpSession);
        await session.log('debug', 'fine detail');
        await session.log('info', { step: 'working' });
        await session.log('error', 'something broke', 'chatty');
        return 'ok';
      }),
    )
    .finalize();
}

beforeAll(() => {
  if (!existsSync(BUILT))
    throw new Error('packages/mcp is not built: run `npm run build` before these tests.');
});

describe.each(TRANSPORTS.flatMap((transport) => REVISIONS.map((revision) => [transport, revision] as const)))(
  'cancellation and logging over %s under %s',
  (transport, revision: Revision) => {
    let serving: McpServing | undefined;
    let client: Client;
    const messages: unknown[] = [];

    beforeAll(async () => {
      let wire: Transport;
      if (transport === 'http') {
        serving = await serveMcp(httpTools(), { transport: { http: { port: 0 } } });
        wire = new StreamableHTTPClientTransport(new URL(serving.url!));
      } else {
        wire = new StdioClientTransport({ command: process.execPath, args: [FIXTURE], stderr: 'ignore' });
      }
      client = new Client({ name: 'cancel-log-test', version: '1.0.0' }, clientOptions(revision));
      client.setNotificationHandler('notifications/message', (notification) => {
        messages.push(notification.params);
      });
      await client.connect(wire);
    }, 30_000);

    afterAll(async () => {
      await client.close();
      await serving?.close();
    });

    // Asks for logs at `level` the way the revision does, then calls chatty.
    async function chattyAt(level: LoggingLevel): Promise<CallToolResult> {
      if (revision === '2025-11-25') {
        await client.setLoggingLevel(level);
        return (await client.callTool({ name: 'chatty', arguments: {} })) as CallToolResult;
      }
      return (await client.callTool({
        name: 'chatty',
        arguments: {},
        _meta: { [LOG_LEVEL_META_KEY]: level },
      })) as CallToolResult;
    }

    it('speaks the revision it was asked for', async () => {
      expect(client.getNegotiatedProtocolVersion()).toBe(revision);
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual([
        'slow',
        'aborted_count',
        'chatty',
      ]);
    });

    // Not the connection's first request (the listing above comes first); the first request of a
    // stdio connection is cancelled in first-request-cancel.test.ts.
    it('aborts the tool signal when the client cancels, and stays usable', async () => {
      const controller = new AbortController();
      const call = client.callTool({ name: 'slow', arguments: {} }, { signal: controller.signal });
      // Let the call reach the tool: a cancel that overtakes its request cancels nothing.
      await sleep(300);
      controller.abort('user pressed stop');
      await expect(call).rejects.toThrow();
      let reported = '';
      for (let attempt = 0; attempt < 50 && reported !== 'aborted 1'; attempt++) {
        reported = text((await client.callTool({ name: 'aborted_count', arguments: {} })) as CallToolResult);
        if (reported !== 'aborted 1') await sleep(20);
      }
      expect(reported).toBe('aborted 1');
    });

    it('sends the tool log lines the client asked for, and only those', async () => {
      messages.length = 0;
      expect(text(await chattyAt('debug'))).toBe('ok');
      await waitFor(() => messages.length >= 3);
      expect(messages).toEqual([
        { level: 'debug', data: 'fine detail' },
        { level: 'info', data: { step: 'working' } },
        { level: 'error', logger: 'chatty', data: 'something broke' },
      ]);
      messages.length = 0;
      expect(text(await chattyAt('warning'))).toBe('ok');
      await waitFor(() => messages.length >= 1);
      await sleep(50);
      expect(messages).toEqual([{ level: 'error', logger: 'chatty', data: 'something broke' }]);
    });
  },
);
