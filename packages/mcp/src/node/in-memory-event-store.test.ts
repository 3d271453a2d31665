import fc from 'fast-check';
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { EVENT_STORE_DEFAULTS, InMemoryEventStore } from './in-memory-event-store';

const note = (n: number): JSONRPCMessage => ({
  jsonrpc: '2.0',
  method: 'notifications/progress',
  params: { progressToken: 1, progress: n },
});

async function replay(store: InMemoryEventStore, after: string): Promise<unknown[]> {
  const sent: unknown[] = [];
  await store.replayEventsAfter(after, {
    send: async (_id, message) => {
      sent.push((message as { params?: { progress?: number } }).params?.progress ?? message);
    },
  });
  return sent;
}

describe('InMemoryEventStore', () => {
  it('replays, in order, what its stream stored after an event, and skips priming events', async () => {
    const store = new InMemoryEventStore();
    const priming = await store.storeEvent('a', {} as JSONRPCMessage);
    await store.storeEvent('b', note(100));
    const one = await store.storeEvent('a', note(1));
    await store.storeEvent('a', note(2));
    await store.storeEvent('a', note(3));
    expect(await replay(store, priming)).toEqual([1, 2, 3]);
    expect(await replay(store, one)).toEqual([2, 3]);
    expect(await store.getStreamIdForEventId(one)).toBe('a');
  });

  it('keeps at most maxStreams streams, forgetting the one written least recently', async () => {
    const store = new InMemoryEventStore({ maxStreams: 2 });
    const a = await store.storeEvent('a', note(1));
    const b = await store.storeEvent('b', note(1));
    await store.storeEvent('a', note(2));
    await store.storeEvent('c', note(1));
    expect(await store.getStreamIdForEventId(b)).toBeUndefined();
    expect(await store.getStreamIdForEventId(a)).toBe('a');
    expect(store.streamCount).toBe(2);
    await expect(replay(store, b)).rejects.toThrow(`Event "${b}" is not in the event store.`);
  });

  it('keeps at most maxEventsPerStream events of a stream, so resuming from before them is refused', async () => {
    const store = new InMemoryEventStore({ maxEventsPerStream: 3 });
    const ids: string[] = [];
    for (let n = 1; n <= 5; n++) ids.push(await store.storeEvent('a', note(n)));
    expect(store.eventCount).toBe(3);
    expect(await store.getStreamIdForEventId(ids[1]!)).toBeUndefined();
    expect(await replay(store, ids[2]!)).toEqual([4, 5]);
  });

  it('keeps at most maxBytes of message JSON, dropping whole older streams first', async () => {
    const size = Buffer.byteLength(JSON.stringify(note(1)));
    const store = new InMemoryEventStore({ maxBytes: size * 3 });
    const old = await store.storeEvent('old', note(1));
    await store.storeEvent('old', note(2));
    await store.storeEvent('new', note(3));
    await store.storeEvent('new', note(4));
    expect(await store.getStreamIdForEventId(old)).toBeUndefined();
    expect(store.byteCount).toBeLessThanOrEqual(size * 3);
    expect(store.streamCount).toBe(1);
  });

  it('forgets a stream not written for streamTtlMs', async () => {
    const now = jest.spyOn(Date, 'now');
    try {
      now.mockReturnValue(1_000);
      const store = new InMemoryEventStore({ streamTtlMs: 500 });
      const id = await store.storeEvent('a', note(1));
      now.mockReturnValue(1_400);
      expect(await store.getStreamIdForEventId(id)).toBe('a');
      now.mockReturnValue(1_600);
      expect(await store.getStreamIdForEventId(id)).toBeUndefined();
      expect(store.streamCount).toBe(0);
    } finally {
      now.mockRestore();
    }
  });

  it('forgets a deleted stream and its events', async () => {
    const store = new InMemoryEventStore();
    const id = await store.storeEvent('a', note(1));
    await store.deleteStream('a');
    expect(await store.getStreamIdForEventId(id)).toBeUndefined();
    expect([store.streamCount, store.eventCount, store.byteCount]).toEqual([0, 0, 0]);
  });

  it('refuses bounds that are not positive integers, naming the option', () => {
    expect(() => new InMemoryEventStore({ maxStreams: 0 })).toThrow(
      'InMemoryEventStore: maxStreams must be a positive integer, got 0.',
    );
    expect(EVENT_STORE_DEFAULTS).toEqual({
      maxStreams: 1024,
      maxEventsPerStream: 1024,
      maxBytes: 32 * 1024 * 1024,
      streamTtlMs: 600_000,
    });
  });

  // The bounds' rules written the plainest way (a Map in write order, searched from the front):
  // the store must keep and forget exactly what this keeps and forgets.
  class ReferenceStore {
    readonly streams = new Map<
      string,
      { events: { id: string; bytes: number }[]; bytes: number; at: number }
    >();
    readonly owner = new Map<string, string>();
    bytes = 0;
    seq = 0;
    constructor(readonly limits: { [K in keyof typeof EVENT_STORE_DEFAULTS]: number }) {}
    store(streamId: string, json: string, now: number): string {
      this.expire(now);
      let stream = this.streams.get(streamId);
      if (stream === undefined) {
        stream = { events: [], bytes: 0, at: now };
        if (this.streams.size >= this.limits.maxStreams) this.forget([...this.streams.keys()][0]!);
      } else this.streams.delete(streamId);
      stream.at = now;
      this.streams.set(streamId, stream);
      const id = String((this.seq += 1));
      const bytes = Buffer.byteLength(json);
      stream.events.push({ id, bytes });
      stream.bytes += bytes;
      this.bytes += bytes;
      this.owner.set(id, streamId);
      if (stream.events.length > this.limits.maxEventsPerStream) this.dropFirst(stream);
      while (this.bytes > this.limits.maxBytes) {
        const oldest = [...this.streams.keys()][0]!;
        if (oldest === streamId) {
          if (stream.events.length <= 1) break;
          this.dropFirst(stream);
        } else this.forget(oldest);
      }
      return id;
    }
    expire(now: number): void {
      for (const [id, stream] of [...this.streams]) {
        if (stream.at >= now - this.limits.streamTtlMs) break;
        this.forget(id);
      }
    }
    forget(streamId: string): void {
      const stream = this.streams.get(streamId)!;
      this.streams.delete(streamId);
      for (const event of stream.events) this.owner.delete(event.id);
      this.bytes -= stream.bytes;
    }
    dropFirst(stream: { events: { id: string; bytes: number }[]; bytes: number }): void {
      const first = stream.events.shift()!;
      this.owner.delete(first.id);
      stream.bytes -= first.bytes;
      this.bytes -= first.bytes;
    }
  }

  it('keeps and forgets what the plain reading of its bounds does, in any sequence of writes', async () => {
    const step = fc.oneof(
      fc.record({
        kind: fc.constant('store' as const),
        stream: fc.integer({ min: 0, max: 6 }),
        size: fc.nat(40),
      }),
      fc.record({ kind: fc.constant('delete' as const), stream: fc.integer({ min: 0, max: 6 }) }),
      fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 0, max: 400 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 60 }), async (steps) => {
        const now = jest.spyOn(Date, 'now');
        let clock = 0;
        now.mockImplementation(() => clock);
        try {
          const limits = { maxStreams: 3, maxEventsPerStream: 3, maxBytes: 400, streamTtlMs: 1000 };
          const store = new InMemoryEventStore(limits);
          const reference = new ReferenceStore(limits);
          const ids: string[] = [];
          for (const action of steps) {
            if (action.kind === 'wait') clock += action.ms;
            else if (action.kind === 'delete') {
              await store.deleteStream(`s${action.stream}`);
              if (reference.streams.has(`s${action.stream}`)) reference.forget(`s${action.stream}`);
            } else {
              const message = {
                ...note(action.size),
                params: { pad: 'x'.repeat(action.size) },
              } as JSONRPCMessage;
              ids.push(await store.storeEvent(`s${action.stream}`, message));
              reference.store(`s${action.stream}`, JSON.stringify(message), clock);
            }
          }
          reference.expire(clock);
          for (const id of ids) expect(await store.getStreamIdForEventId(id)).toBe(reference.owner.get(id));
          expect(store.streamCount).toBe(reference.streams.size);
          expect(store.byteCount).toBe(reference.bytes);
          expect(store.eventCount).toBe(reference.owner.size);
        } finally {
          now.mockRestore();
        }
      }),
      { numRuns: 300 },
    );
  });
});
