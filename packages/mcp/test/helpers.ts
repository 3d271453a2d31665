import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';
import { createErasedTool, type ErasedTool, type ToolCallContext } from '@toolwright/core';
import type { ToolServerHandle } from '@toolwright/registry';
import { createMcpServer, type McpServerOptions } from '@toolwright/mcp';

/** A server for `handle` and an SDK client connected to it in memory. */
export async function connectInMemory(
  handle: ToolServerHandle,
  options: McpServerOptions = {},
  capabilities: ClientCapabilities = {},
): Promise<{ client: Client; server: Server; close: () => Promise<void> }> {
  const server = createMcpServer(handle, options);
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'test-client', version: '1.0.0' }, { capabilities });
  await client.connect(clientSide);
  return {
    client,
    server,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

/** A tool over a raw JSON Schema whose decoder parses JSON and nothing else (tests only). */
export function rawTool(
  name: string,
  run: (args: any, ctx: ToolCallContext) => unknown,
  extra: {
    description?: string;
    inputSchema?: Record<string, unknown>;
    outputSchema?: Record<string, unknown>;
    readOnly?: boolean;
  } = {},
): ErasedTool {
  return createErasedTool({
    definition: {
      name,
      description: extra.description ?? `The ${name} tool.`,
      inputSchema: extra.inputSchema ?? { type: 'object', properties: {}, additionalProperties: true },
      ...(extra.outputSchema === undefined ? {} : { outputSchema: extra.outputSchema }),
      readOnly: extra.readOnly ?? true,
    },
    decode: (raw) => (typeof raw === 'string' ? (raw.trim() === '' ? {} : JSON.parse(raw)) : (raw ?? {})),
    invoke: run,
  });
}

/** Resolves after `ms`, or when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

/** Polls `condition` every 10 ms until it holds or `timeoutMs` passes. */
export async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('waitFor: condition not met in time');
    await sleep(10);
  }
}
