import { Client, InMemoryTransport, type JSONRPCMessage } from '@modelcontextprotocol/client';
import { McpServer } from '@modelcontextprotocol/server';
import { ToolRegistry } from '@toolwright/registry';
import { importMcpTools } from '@toolwright/mcp';
import { z } from 'zod';
import { waitFor } from './helpers';

/**
 * A real SDK v2 McpServer with a tool that waits until cancelled and one that answers at once,
 * imported over an in-memory pair whose client side records what it sends.
 */
async function importWaiting() {
  const server = new McpServer({ name: 'remote', version: '1.0.0' });
  const started: number[] = [];
  const cancelled: string[] = [];
  server.registerTool(
    'wait',
    { description: 'Waits until cancelled.', inputSchema: z.object({}) },
    async (_args, ctx) => {
      started.push(Date.now());
      await new Promise<void>((resolve) => {
        if (ctx.mcpReq.signal.aborted) resolve();
        ctx.mcpReq.signal.addEventListener('abort', () => resolve(), { once: true });
      });
      cancelled.push('wait');
      return { content: [{ type: 'text' as const, text: 'cancelled' }] };
    },
  );
  server.registerTool('quick', { description: 'Answers.', inputSchema: z.object({}) }, async () => ({
    content: [{ type: 'text' as const, text: 'ok' }],
  }));
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const sent: JSONRPCMessage[] = [];
  const send = clientSide.send.bind(clientSide);
  clientSide.send = (message, options) => {
    sent.push(message);
    return send(message, options);
  };
  const client = new Client({ name: 'importer', version: '1.0.0' });
  await client.connect(clientSide);
  const handle = new ToolRegistry().finalize();
  const imported = await importMcpTools(client, handle);
  return { server, serverSide, client, handle, imported, sent, started, cancelled };
}

const method = (message: JSONRPCMessage): string | undefined =>
  'method' in message ? message.method : undefined;

describe('importMcpTools: a call follows the caller and the connection', () => {
  it('sends notifications/cancelled for the call when the caller aborts, and fails it as cancelled', async () => {
    const remote = await importWaiting();
    try {
      const controller = new AbortController();
      const call = remote.handle.call('remote__wait', {}, { signal: controller.signal });
      await waitFor(() => remote.started.length === 1);
      controller.abort();
      const result = await call;
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.kind).toBe('cancelled');
      const request = remote.sent.find((message) => method(message) === 'tools/call' && 'id' in message) as {
        id: string | number;
      };
      await waitFor(() => remote.cancelled.length === 1);
      expect(remote.sent.filter((message) => method(message) === 'notifications/cancelled')).toEqual([
        expect.objectContaining({ params: expect.objectContaining({ requestId: request.id }) }),
      ]);
    } finally {
      await Promise.all([remote.imported.close(), remote.client.close(), remote.server.close()]);
    }
  });

  it('fails a pending call, and every later one, as unavailable when the connection closes', async () => {
    const remote = await importWaiting();
    try {
      const call = remote.handle.call('remote__wait', {});
      await waitFor(() => remote.started.length === 1);
      await remote.serverSide.close();
      const result = await call;
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.error.kind).toBe('unavailable');
        expect(result.error.modelText).toMatch(/The MCP server behind remote__wait is not reachable/);
      }
      const later = await remote.handle.call('remote__quick', {});
      expect(later.ok).toBe(false);
      if (!later.ok) expect(later.error.kind).toBe('unavailable');
    } finally {
      await Promise.all([remote.imported.close(), remote.client.close(), remote.server.close()]);
    }
  });
});
