import type { EventStore, JSONRPCMessage } from '@modelcontextprotocol/server';
import type { McpEventStore } from './mcp-event-store';

/**
 * Stream ids a session remembers for forgetting when it closes, at most. Every POST opens a stream,
 * so a long session would otherwise remember without bound; the oldest names are dropped, and the
 * store's own bounds (streams, bytes, idle time) forget those streams in time.
 */
export const MAX_SESSION_STREAMS = 1024;

/**
 * One session's view of the endpoint's event store: its stream ids are prefixed with the session
 * id (the SDK names every session's standalone GET stream alike), an event of another session is
 * unknown here (so a `Last-Event-ID` cannot replay someone else's stream), and closing the
 * session forgets its streams.
 */
export class SessionEventStore implements EventStore {
  readonly #store: McpEventStore;
  readonly #prefix: string;
  readonly #streams = new Set<string>();
  // The same names in the order first written, as a ring: when it is full the oldest goes. Not the
  // Set's own order, whose first entry is found by walking the slots its deletions left at the
  // front (as InMemoryEventStore's streams, and on the same path: every POST opens a stream).
  readonly #order: string[] = [];
  #oldestAt = 0;
  /** When this session last resumed a stream (`performance.now()`; -Infinity: never). */
  lastResumeAt = -Infinity;

  constructor(store: McpEventStore, sessionId: string) {
    this.#store = store;
    this.#prefix = `${sessionId}/`;
  }

  storeEvent(streamId: string, message: JSONRPCMessage): Promise<string> {
    const key = this.#prefix + streamId;
    if (!this.#streams.has(key)) {
      if (this.#order.length < MAX_SESSION_STREAMS) this.#order.push(key);
      else {
        this.#streams.delete(this.#order[this.#oldestAt]!);
        this.#order[this.#oldestAt] = key;
        this.#oldestAt = (this.#oldestAt + 1) % MAX_SESSION_STREAMS;
      }
      this.#streams.add(key);
    }
    return this.#store.storeEvent(key, message);
  }

  async getStreamIdForEventId(eventId: string): Promise<string | undefined> {
    const key = await this.#store.getStreamIdForEventId(eventId);
    return key?.startsWith(this.#prefix) === true ? key.slice(this.#prefix.length) : undefined;
  }

  async replayEventsAfter(
    lastEventId: string,
    options: { send: (eventId: string, message: JSONRPCMessage) => Promise<void> },
  ): Promise<string> {
    if ((await this.getStreamIdForEventId(lastEventId)) === undefined)
      throw new Error('The event is not one of this session.');
    this.lastResumeAt = performance.now();
    const key = await this.#store.replayEventsAfter(lastEventId, options);
    return key.slice(this.#prefix.length);
  }

  /** Forgets every stream this session wrote. Never rejects. */
  async forget(): Promise<void> {
    const keys = [...this.#streams];
    this.#streams.clear();
    this.#order.length = 0;
    this.#oldestAt = 0;
    if (this.#store.deleteStream === undefined) return;
    await Promise.all(keys.map((key) => this.#store.deleteStream?.(key).catch(() => undefined)));
  }
}
