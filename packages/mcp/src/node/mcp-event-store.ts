import type { JSONRPCMessage } from '@modelcontextprotocol/server';

/**
 * Where Streamable HTTP keeps the messages of its SSE streams so that a client whose stream
 * dropped can reconnect with `Last-Event-ID` and receive what it missed (2025-11-25
 * resumability). The shape is the SDK's `EventStore` with the stream lookup required, so a store
 * written for the SDK fits. `InMemoryEventStore` is the default; give every replica behind a load
 * balancer one shared store (and sticky sessions) to resume across processes.
 */
export interface McpEventStore {
  /** Keeps `message` as the next event of `streamId` and returns its event id (unique in the store). */
  storeEvent(streamId: string, message: JSONRPCMessage): Promise<string>;
  /** The stream an event belongs to, or `undefined` when the store does not hold that event (any more). */
  getStreamIdForEventId(eventId: string): Promise<string | undefined>;
  /**
   * Sends, in order, every event of the stream of `lastEventId` stored after it, and returns that
   * stream's id. Rejects when the store does not hold `lastEventId`.
   */
  replayEventsAfter(
    lastEventId: string,
    options: { readonly send: (eventId: string, message: JSONRPCMessage) => Promise<void> },
  ): Promise<string>;
  /** Forgets a stream and its events (called for every stream of a session when it closes). */
  deleteStream?(streamId: string): Promise<void>;
}

/** Resumability of Streamable HTTP sessions (`McpHttpOptions.resumability`). */
export interface McpResumabilityOptions {
  /** Where events are kept (default: one `InMemoryEventStore` per endpoint, with its defaults). */
  readonly eventStore?: McpEventStore;
  /**
   * The `retry` the server puts on the first event of each SSE stream: how long a client waits
   * before it reconnects a stream that ended without its response (default 1000 ms).
   */
  readonly retryMs?: number;
  /**
   * How long a call outlives its closed response stream, waiting for the client to resume one of
   * the session's streams (default three retry intervals: 3000 ms with the default `retryMs`). A client that resumes keeps its calls; one that does
   * not has them aborted when the grace ends, their slots freed.
   */
  readonly resumeGraceMs?: number;
}
