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
  /** When this session last resumed a stream (`performance.now()`; -Infinity: never). */
  lastResumeAt = -Infinity;

  constructor(store: McpEventStore, sessionId: string) {
    this.#store = store;
    this.#prefix = `${sessionId}/`;
  }

  storeEvent(streamId: string, message: JSONRPCMessage): Promise<string> {
    const key = this.#prefix + streamId;
    if (!this.#streams.has(key)) {
      if (this.#streams.size >= MAX_SESSION_STREAMS)
        this.#streams.delete(this.#streams.values().next().value as string);
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
    if (this.#store.deleteStream === undefined) return;
    await Promise.all(keys.map((key) => this.#store.deleteStream?.(key).catch(() => undefined)));
  }
}
