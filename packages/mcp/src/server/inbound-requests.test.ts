import fc from 'fast-check';
import {
  InMemoryTransport,
  Server,
  isJSONRPCErrorResponse,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  type JSONRPCMessage,
  type Transport,
} from '@modelcontextprotocol/server';
import { createErasedTool } from '@toolwright/core';
import { ToolRegistry } from '@toolwright/registry';
import { createMcpServer } from './create-mcp-server';
import { dispatchPlainRequests, isPlainRequest } from './inbound-requests';

// What the SDK itself would do with a message: only a request, never a response, may skip its sorting.
const sdkSeesRequest = (message: unknown): boolean =>
  isJSONRPCRequest(message) && !isJSONRPCResultResponse(message) && !isJSONRPCErrorResponse(message);

const id = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.constantFrom(1.5, Number.MAX_SAFE_INTEGER + 2, NaN, Infinity, -0, null, true),
);
const meta = fc.oneof(
  fc.constant(undefined),
  fc.record(
    {
      progressToken: id,
      'io.modelcontextprotocol/related-task': fc.oneof(fc.record({ taskId: fc.string() }), fc.anything()),
      other: fc.jsonValue(),
    },
    { requiredKeys: [] },
  ),
  fc.anything(),
);
const params = fc.oneof(
  fc.constant(undefined),
  fc.record(
    { _meta: meta, name: fc.string(), arguments: fc.dictionary(fc.string(), fc.jsonValue()) },
    { requiredKeys: [] },
  ),
  fc.anything(),
);
// Request-like messages with every member possibly missing, mistyped or joined by another.
const requestLike = fc.record(
  {
    jsonrpc: fc.oneof(fc.constant('2.0'), fc.constantFrom('1.0', 2, undefined)),
    id,
    method: fc.oneof(fc.constantFrom('tools/call', 'tools/list', 'initialize'), fc.string(), fc.integer()),
    params,
    result: fc.anything(),
    error: fc.record({ code: fc.integer(), message: fc.string() }),
    extra: fc.anything(),
  },
  { requiredKeys: [] },
);
const wellFormed = fc.record(
  {
    jsonrpc: fc.constant('2.0' as const),
    id: fc.oneof(fc.string(), fc.integer()),
    method: fc.string(),
    params: fc.record(
      {
        _meta: fc.record({ progressToken: fc.oneof(fc.string(), fc.integer()) }, { requiredKeys: [] }),
        arguments: fc.dictionary(fc.string(), fc.jsonValue()),
      },
      { requiredKeys: [] },
    ),
  },
  { requiredKeys: ['jsonrpc', 'id', 'method'] },
);

describe('isPlainRequest', () => {
  it('accepts only what the SDK would sort as a request and not as a response', () => {
    fc.assert(
      fc.property(fc.oneof(requestLike, fc.anything(), fc.jsonValue()), (message) => {
        if (isPlainRequest(message)) expect(sdkSeesRequest(message)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('accepts every well-formed request, so the usual call takes the direct route', () => {
    fc.assert(
      fc.property(wellFormed, (message) => {
        expect(sdkSeesRequest(message)).toBe(true);
        expect(isPlainRequest(message)).toBe(true);
      }),
    );
  });

  it('leaves responses, notifications and task-related requests to the SDK', () => {
    expect(isPlainRequest({ jsonrpc: '2.0', id: 1, result: {} })).toBe(false);
    expect(isPlainRequest({ jsonrpc: '2.0', id: 1, error: { code: 1, message: 'x' } })).toBe(false);
    expect(isPlainRequest({ jsonrpc: '2.0', method: 'notifications/cancelled' })).toBe(false);
    expect(
      isPlainRequest({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { _meta: { 'io.modelcontextprotocol/related-task': { taskId: 't' } } },
      }),
    ).toBe(false);
    expect(isPlainRequest({ jsonrpc: '2.0', id: 1, method: 'tools/call', result: {} })).toBe(false);
  });
});

describe('dispatchPlainRequests', () => {
  function wired(): { transport: Transport; sort: jest.Mock; dispatch: jest.Mock; before: jest.Mock } {
    const sort = jest.fn();
    const dispatch = jest.fn();
    const before = jest.fn();
    const transport = { onmessage: sort } as unknown as Transport;
    dispatchPlainRequests({ _onrequest: dispatch } as unknown as Server, transport, before);
    return { transport, sort, dispatch, before };
  }

  it('sends a plain request to the dispatch after the handler that was there before', () => {
    const { transport, sort, dispatch, before } = wired();
    const request = { jsonrpc: '2.0', id: 7, method: 'tools/list' } as JSONRPCMessage;
    transport.onmessage!(request, { authInfo: undefined });
    expect(before).toHaveBeenCalledWith(request, { authInfo: undefined });
    expect(dispatch).toHaveBeenCalledWith(request, { authInfo: undefined });
    expect(sort).not.toHaveBeenCalled();
  });

  it('gives every other message to the SDK handler alone (which calls the earlier one itself)', () => {
    const { transport, sort, dispatch, before } = wired();
    const response = { jsonrpc: '2.0', id: 7, result: {} } as JSONRPCMessage;
    transport.onmessage!(response);
    expect(sort).toHaveBeenCalledWith(response, undefined);
    expect(dispatch).not.toHaveBeenCalled();
    expect(before).not.toHaveBeenCalled();
  });

  it('changes nothing when the connect installed no handler or the SDK has no dispatch', () => {
    const before = jest.fn();
    const unchanged = { onmessage: before } as unknown as Transport;
    dispatchPlainRequests({ _onrequest: jest.fn() } as unknown as Server, unchanged, before);
    expect(unchanged.onmessage).toBe(before);
    const sort = jest.fn();
    const older = { onmessage: sort } as unknown as Transport;
    dispatchPlainRequests({} as Server, older, undefined);
    expect(older.onmessage).toBe(sort);
  });
});

describe('a toolwright server on the SDK it is built with', () => {
  it('dispatches plain requests directly and the rest through the SDK, answering both', async () => {
    // The SDK names its request dispatch `_onrequest`; an SDK that renames it fails here, not
    // silently in the bench.
    expect(typeof (Server.prototype as unknown as { _onrequest?: unknown })._onrequest).toBe('function');
    const handle = new ToolRegistry()
      .tool(
        createErasedTool({
          definition: { name: 'echo', description: 'Echo.' },
          decode: () => ({}),
          invoke: () => 'echoed',
        }),
      )
      .finalize();
    const server = createMcpServer(handle);
    const [client, serverSide] = InMemoryTransport.createLinkedPair();
    const answers = new Map<unknown, JSONRPCMessage>();
    client.onmessage = (message) => void answers.set((message as { id?: unknown }).id, message);
    await server.connect(serverSide);
    await client.start();
    const sdkRoute = jest.spyOn(server as unknown as { _onrequest: () => void }, '_onrequest');
    const ask = async (message: Record<string, unknown>): Promise<JSONRPCMessage> => {
      await client.send(message as JSONRPCMessage);
      for (let turn = 0; turn < 50 && !answers.has(message['id']); turn++)
        await new Promise((resolve) => setImmediate(resolve));
      return answers.get(message['id'])!;
    };
    await ask({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    });
    await client.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    const plain = await ask({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'echo' } });
    expect(plain).toMatchObject({ id: 2, result: { content: [{ type: 'text', text: 'echoed' }] } });
    expect(sdkRoute).not.toHaveBeenCalled();
    const related = await ask({
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'echo', _meta: { 'io.modelcontextprotocol/related-task': { taskId: 'x' } } },
    });
    expect(related).toMatchObject({ id: 3, result: { content: [{ type: 'text', text: 'echoed' }] } });
    expect(sdkRoute).toHaveBeenCalledTimes(1);
    await server.close();
  });
});
