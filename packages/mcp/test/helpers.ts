import {
  Client,
  InMemoryTransport,
  type ClientCapabilities,
  type ClientOptions,
} from '@modelcontextprotocol/client';
import { createErasedTool, type ErasedTool, type ToolCallContext } from '@toolwright/core';
import type { ToolServerHandle } from '@toolwright/registry';
import { connectMcpServer, type McpServerOptions } from '@toolwright/mcp';

/** The two protocol revisions every serving test runs under. */
export const REVISIONS = ['2025-11-25', '2026-07-28'] as const;
export type Revision = (typeof REVISIONS)[number];

/** Client options that make an SDK v2 client speak `revision`. */
export function clientOptions(revision: Revision, capabilities: ClientCapabilities = {}): ClientOptions {
  return revision === '2025-11-25'
    ? { capabilities }
    : { capabilities, versionNegotiation: { mode: { pin: revision } } };
}

/** A server for `handle` and an SDK client connected to it in memory, speaking `revision`. */
export async function connectInMemory(
  handle: ToolServerHandle,
  options: McpServerOptions = {},
  capabilities: ClientCapabilities = {},
  revision: Revision = '2025-11-25',
): Promise<{ client: Client; serverTransport: InMemoryTransport; close: () => Promise<void> }> {
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  const connection = connectMcpServer(handle, serverSide, options);
  const client = new Client({ name: 'test-client', version: '1.0.0' }, clientOptions(revision, capabilities));
  await client.connect(clientSide);
  return {
    client,
    serverTransport: serverSide,
    close: async () => {
      await client.close();
      await connection.close();
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
