import { getEventListeners } from 'node:events';
import { ToolError, type ToolCallContext } from '@toolwright/core';
import type { McpClientLike } from './mcp-client-like';
import { callRemoteTool, type RemoteCallTarget } from './remote-call';

/** A client whose `tools/call` answers when told, or rejects when its signal is (or gets) aborted, as the SDK's does. */
function fakeClient() {
  const calls: Array<{ signal: AbortSignal; answer: () => void }> = [];
  const client = {
    request: (_request: unknown, options: { signal: AbortSignal }) =>
      new Promise((resolve, reject) => {
        const { signal } = options;
        calls.push({ signal, answer: () => resolve({ content: [{ type: 'text', text: 'ok' }] }) });
        if (signal.aborted) reject(signal.reason);
        signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      }),
  } as unknown as McpClientLike;
  return { client, calls };
}

function target(client: McpClientLike, lost: AbortSignal): RemoteCallTarget {
  return {
    client,
    remoteName: 'echo',
    localName: 'remote__echo',
    structured: false,
    paramHeaders: [],
    timeoutMs: 60_000,
    maxTotalTimeoutMs: 60_000,
    lost: () => lost,
  };
}

async function drain(generator: AsyncGenerator<unknown, object, undefined>): Promise<object> {
  for (;;) {
    const step = await generator.next();
    if (step.done === true) return step.value;
  }
}

async function failure(promise: Promise<unknown>): Promise<ToolError> {
  const thrown = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!ToolError.is(thrown)) throw new Error(`expected a ToolError, got ${String(thrown)}`);
  return thrown;
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('callRemoteTool', () => {
  it("removes its listeners from the caller's and the connection's signals when the call settles", async () => {
    const { client, calls } = fakeClient();
    const lost = new AbortController();
    const caller = new AbortController();
    const ctx = { signal: caller.signal } as ToolCallContext;
    for (let index = 0; index < 3; index++) {
      const call = drain(callRemoteTool(target(client, lost.signal), {}, ctx));
      await flush();
      expect(getEventListeners(lost.signal, 'abort')).toHaveLength(1);
      calls[index]!.answer();
      await call;
      expect(getEventListeners(lost.signal, 'abort')).toHaveLength(0);
      expect(getEventListeners(caller.signal, 'abort')).toHaveLength(0);
    }
    // A failed call cleans up too.
    const call = drain(callRemoteTool(target(client, lost.signal), {}, ctx));
    await flush();
    caller.abort();
    expect((await failure(call)).kind).toBe('cancelled');
    expect(getEventListeners(lost.signal, 'abort')).toHaveLength(0);
  });

  it("aborts the request when the caller's signal aborts, and fails as cancelled", async () => {
    const { client, calls } = fakeClient();
    const caller = new AbortController();
    const call = drain(
      callRemoteTool(target(client, new AbortController().signal), {}, {
        signal: caller.signal,
      } as ToolCallContext),
    );
    await flush();
    expect(calls[0]!.signal.aborted).toBe(false);
    caller.abort();
    expect(calls[0]!.signal.aborted).toBe(true);
    expect((await failure(call)).kind).toBe('cancelled');
  });

  it('aborts the request when the connection is lost, and fails as unavailable', async () => {
    const { client, calls } = fakeClient();
    const lost = new AbortController();
    const call = drain(
      callRemoteTool(target(client, lost.signal), {}, {
        signal: new AbortController().signal,
      } as ToolCallContext),
    );
    await flush();
    lost.abort(new Error('the connection to the MCP server closed'));
    expect(calls[0]!.signal.aborted).toBe(true);
    const error = await failure(call);
    expect(error.kind).toBe('unavailable');
    expect(error.modelText).toBe(
      'The MCP server behind remote__echo is not reachable (it stopped or the connection broke). Try again later.',
    );
  });

  it('hands an already-aborted caller signal on aborted, and fails as cancelled', async () => {
    const { client, calls } = fakeClient();
    const caller = new AbortController();
    caller.abort();
    const call = drain(
      callRemoteTool(target(client, new AbortController().signal), {}, {
        signal: caller.signal,
      } as ToolCallContext),
    );
    expect((await failure(call)).kind).toBe('cancelled');
    expect(calls[0]!.signal.aborted).toBe(true);
  });
});
