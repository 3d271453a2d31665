import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import type { McpEventStore } from './mcp-event-store';
import { MAX_SESSION_STREAMS, SessionEventStore } from './session-event-store';

function recordingStore(): { store: McpEventStore; deleted: string[] } {
  const deleted: string[] = [];
  let seq = 0;
  const store: McpEventStore = {
    storeEvent: () => Promise.resolve(String((seq += 1))),
    getStreamIdForEventId: () => Promise.resolve(undefined),
    replayEventsAfter: () => Promise.reject(new Error('unused')),
    deleteStream: (streamId) => {
      deleted.push(streamId);
      return Promise.resolve();
    },
  };
  return { store, deleted };
}

const message = { jsonrpc: '2.0', method: 'notifications/message', params: {} } as JSONRPCMessage;

describe('SessionEventStore', () => {
  it('forgets the streams of its session when it closes, under its own prefix', async () => {
    const { store, deleted } = recordingStore();
    const session = new SessionEventStore(store, 's1');
    await session.storeEvent('a', message);
    await session.storeEvent('a', message);
    await session.storeEvent('b', message);
    await session.forget();
    expect(deleted.sort()).toEqual(['s1/a', 's1/b']);
  });

  it('remembers a bounded number of streams over a long session, the latest ones', async () => {
    const { store, deleted } = recordingStore();
    const session = new SessionEventStore(store, 's1');
    const posts = MAX_SESSION_STREAMS * 3;
    for (let index = 0; index < posts; index++) await session.storeEvent(`post-${index}`, message);
    await session.forget();
    expect(deleted).toHaveLength(MAX_SESSION_STREAMS);
    expect(deleted).toContain(`s1/post-${posts - 1}`);
    expect(deleted).not.toContain('s1/post-0');
    const latest = Array.from({ length: MAX_SESSION_STREAMS }, (_, k) => `s1/post-${posts - 1 - k}`);
    expect(deleted.sort()).toEqual(latest.sort());
  });
});
