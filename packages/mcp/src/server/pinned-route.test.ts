import {
  InMemoryTransport as ClientTransport,
  Client,
  type JSONRPCMessage as ClientMessage,
} from '@modelcontextprotocol/client';
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { createErasedTool } from '@toolwright/core';
import { ToolRegistry } from '@toolwright/registry';
import { createWiredMcpServer } from './create-mcp-server';
import { PinnedRoute } from './pinned-route';

const call = (id: number): JSONRPCMessage =>
  ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'echo' } }) as JSONRPCMessage;
const note = (method: string, params: Record<string, unknown> = {}): JSONRPCMessage =>
  ({ jsonrpc: '2.0', method, params }) as JSONRPCMessage;

/** A fake entry (its handler on the wire) and one instance's channel, both recording. */
function wired() {
  const route = new PinnedRoute();
  const toEntry: JSONRPCMessage[] = [];
  const toInstance: { message: JSONRPCMessage; extra: unknown }[] = [];
  const wire = { onmessage: (message: JSONRPCMessage) => void toEntry.push(message) } as unknown as Transport;
  const channel = {
    onmessage: (message: JSONRPCMessage, extra?: unknown) => void toInstance.push({ message, extra }),
  } as unknown as Transport;
  route.attach(wire);
  route.follow(channel);
  // What the entry does with a message it hands on.
  const handOn = (message: JSONRPCMessage): void => channel.onmessage!(message);
  const arrive = (message: JSONRPCMessage): void => wire.onmessage!(message, { authInfo: undefined });
  return { route, toEntry, toInstance, handOn, arrive, channel };
}

describe('PinnedRoute', () => {
  it('leaves everything to the entry until it hands the instance a request other than server/discover', () => {
    const { route, toEntry, handOn, arrive } = wired();
    const discover = { jsonrpc: '2.0', id: 1, method: 'server/discover' } as JSONRPCMessage;
    arrive(discover);
    handOn(discover);
    expect(route.isPinned).toBe(false);
    arrive(call(2));
    expect(toEntry).toEqual([discover, call(2)]);
    handOn(call(2));
    expect(route.isPinned).toBe(true);
  });

  it('hands a pinned instance its plain requests directly, without the transport extra', () => {
    const { toEntry, toInstance, handOn, arrive } = wired();
    arrive(call(1));
    handOn(call(1));
    toEntry.length = 0;
    toInstance.length = 0;
    arrive(call(2));
    expect(toEntry).toEqual([]);
    expect(toInstance).toEqual([{ message: call(2), extra: undefined }]);
  });

  it('lets no request overtake a message the entry still holds for the instance', () => {
    const { toEntry, toInstance, handOn, arrive } = wired();
    arrive(call(1));
    handOn(call(1));
    const progress = note('notifications/roots/list_changed');
    const second = call(2);
    arrive(progress);
    arrive(second);
    // Both wait in the entry, in order.
    expect(toEntry.slice(-2)).toEqual([progress, second]);
    handOn(progress);
    handOn(second);
    arrive(call(3));
    expect(toInstance.map((entry) => entry.message)).toEqual([call(1), progress, call(2), call(3)]);
    expect(toEntry).not.toContainEqual(call(3));
  });

  it('sends what the entry may keep for itself through it, without waiting for it', () => {
    const { toEntry, toInstance, handOn, arrive } = wired();
    arrive(call(1));
    handOn(call(1));
    const listen = { jsonrpc: '2.0', id: 'l', method: 'subscriptions/listen', params: {} } as JSONRPCMessage;
    const initialize = { jsonrpc: '2.0', id: 'i', method: 'initialize', params: {} } as JSONRPCMessage;
    const cancel = note('notifications/cancelled', { requestId: 'l' });
    for (const message of [listen, initialize, cancel]) arrive(message);
    expect(toEntry.slice(-3)).toEqual([listen, initialize, cancel]);
    // The entry answered them itself; the next request still goes direct.
    arrive(call(2));
    expect(toInstance.at(-1)?.message).toEqual(call(2));
  });

  it('sends non-plain requests through the entry', () => {
    const { toEntry, handOn, arrive } = wired();
    arrive(call(1));
    handOn(call(1));
    const related = {
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'echo', _meta: { 'io.modelcontextprotocol/related-task': { taskId: 't' } } },
    } as JSONRPCMessage;
    arrive(related);
    expect(toEntry.at(-1)).toBe(related);
  });

  it('leaves the connection to the entry for good once it holds more than it hands on', () => {
    const { route, toEntry, handOn, arrive } = wired();
    arrive(call(1));
    handOn(call(1));
    // Notifications the entry never hands on, past the bound.
    for (let index = 0; index <= 1024; index++) arrive(note('notifications/roots/list_changed'));
    expect(route.isPinned).toBe(false);
    arrive(call(2));
    handOn(call(2));
    expect(route.isPinned).toBe(false);
    arrive(call(3));
    expect(toEntry.at(-1)).toEqual(call(3));
  });

  it('goes back to the entry once the pinned instance closed', () => {
    const { route, toEntry, handOn, arrive, channel } = wired();
    arrive(call(1));
    handOn(call(1));
    route.closed(channel);
    expect(route.isPinned).toBe(false);
    arrive(call(2));
    expect(toEntry.at(-1)).toEqual(call(2));
  });
});

describe('PinnedRoute on the SDK stdio entry', () => {
  const handle = new ToolRegistry()
    .tool(
      createErasedTool({
        definition: { name: 'echo', description: 'Echo.' },
        decode: () => ({}),
        invoke: () => 'echoed',
      }),
    )
    .finalize();

  // The wiring of connectMcpServer, with the route in view.
  function serve(): { route: PinnedRoute; client: ClientTransport; close: () => Promise<void> } {
    const [client, server] = ClientTransport.createLinkedPair();
    const route = new PinnedRoute();
    const serving = serveStdio(
      () => {
        let channel: Transport | undefined;
        const instance = createWiredMcpServer(
          handle,
          {},
          {
            onConnect: (connected) => {
              channel = connected;
              route.follow(connected);
            },
          },
        );
        const previous = instance.onclose;
        instance.onclose = () => {
          if (channel !== undefined) route.closed(channel);
          previous?.();
        };
        return instance;
      },
      { transport: server as unknown as Transport },
    );
    route.attach(server as unknown as Transport);
    return { route, client, close: () => serving.close() };
  }

  it.each([
    ['2025-11-25', {}],
    ['2026-07-28', { versionNegotiation: { mode: { pin: '2026-07-28' as const } } }],
  ])('pins the instance the entry pinned under %s, and answers calls directly after', async (_, options) => {
    const { route, client: clientSide, close } = serve();
    const client = new Client({ name: 't', version: '1' }, options);
    try {
      await client.connect(clientSide);
      // The 2026-07-28 client's first request is a server/discover probe: not yet pinned by it alone.
      await client.listTools();
      expect(route.isPinned).toBe(true);
      for (let index = 0; index < 3; index++) {
        const result = await client.callTool({ name: 'echo', arguments: {} });
        expect(result.content).toEqual([{ type: 'text', text: 'echoed' }]);
      }
    } finally {
      await client.close();
      await close();
    }
    expect(route.isPinned).toBe(false);
  });

  it('does not pin a discover probe the entry may still discard', async () => {
    const { route, client, close } = serve();
    const answers: ClientMessage[] = [];
    client.onmessage = (message) => void answers.push(message);
    await client.start();
    await client.send({
      jsonrpc: '2.0',
      id: 1,
      method: 'server/discover',
      params: {
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientInfo': { name: 't', version: '1' },
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    } as ClientMessage);
    for (let turn = 0; turn < 50 && answers.length === 0; turn++)
      await new Promise((resolve) => setImmediate(resolve));
    expect(answers).toHaveLength(1);
    expect(route.isPinned).toBe(false);
    await close();
  });
});
