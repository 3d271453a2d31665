import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import type { McpEventStore } from './mcp-event-store';

/** Bounds of an `InMemoryEventStore`. */
export interface InMemoryEventStoreOptions {
  /** Streams kept at once; beyond that the stream written least recently is forgotten (default 1024). */
  readonly maxStreams?: number;
  /** Events kept per stream; beyond that its oldest events are forgotten (default 1024). */
  readonly maxEventsPerStream?: number;
  /** Bytes of message JSON kept in all; beyond that whole streams go, least recently written first (default 32 MiB). */
  readonly maxBytes?: number;
  /** A stream not written for this long is forgotten (default 10 minutes). */
  readonly streamTtlMs?: number;
}

/** Defaults of `InMemoryEventStoreOptions`. */
export const EVENT_STORE_DEFAULTS = Object.freeze({
  maxStreams: 1024,
  maxEventsPerStream: 1024,
  maxBytes: 32 * 1024 * 1024,
  streamTtlMs: 10 * 60 * 1000,
});

interface StoredEvent {
  readonly id: string;
  readonly seq: number;
  readonly json: string;
  readonly bytes: number;
}

interface StoredStream {
  readonly id: string;
  readonly events: StoredEvent[];
  bytes: number;
  lastWrite: number;
  // Neighbours in write order (least recently written first).
  older: StoredStream | undefined;
  newer: StoredStream | undefined;
}

/**
 * The default `McpEventStore`: events in process memory, bounded by stream count, events per
 * stream, total bytes and idle time, so a flood of streams or a chatty call cannot grow it
 * without limit. Forgetting is what the bounds cost: a client that resumes from a forgotten event
 * is refused (the endpoint answers 400 saying so) and must send its request again.
 */
export class InMemoryEventStore implements McpEventStore {
  readonly #streams = new Map<string, StoredStream>();
  // The streams in write order, as a list: a write moves its stream to the newest end. Not the
  // Map's own order: finding a Map's first entry walks the slots its deletions left at the front,
  // and with a stream per POST that walk was most of what storing an event cost.
  #oldest: StoredStream | undefined;
  #newest: StoredStream | undefined;
  readonly #events = new Map<string, { readonly stream: StoredStream; readonly seq: number }>();
  readonly #limits: Required<InMemoryEventStoreOptions>;
  #bytes = 0;
  #seq = 0;

  constructor(options: InMemoryEventStoreOptions = {}) {
    this.#limits = { ...EVENT_STORE_DEFAULTS, ...definedOnly(options) };
    for (const [name, value] of Object.entries(this.#limits)) {
      if (!Number.isSafeInteger(value) || value < 1)
        throw new RangeError(`InMemoryEventStore: ${name} must be a positive integer, got ${String(value)}.`);
    }
  }

  /** Streams held now. */
  get streamCount(): number {
    return this.#streams.size;
  }

  /** Events held now, over all streams. */
  get eventCount(): number {
    return this.#events.size;
  }

  /** Bytes of message JSON held now. */
  get byteCount(): number {
    return this.#bytes;
  }

  storeEvent(streamId: string, message: JSONRPCMessage): Promise<string> {
    const now = Date.now();
    this.#expire(now);
    let stream = this.#streams.get(streamId);
    if (stream === undefined) {
      stream = { id: streamId, events: [], bytes: 0, lastWrite: now, older: undefined, newer: undefined };
      if (this.#streams.size >= this.#limits.maxStreams) this.#forgetOldest();
      this.#streams.set(streamId, stream);
    } else {
      this.#unlink(stream);
      stream.lastWrite = now;
    }
    this.#append(stream);
    const json = JSON.stringify(message);
    const seq = ++this.#seq;
    const event: StoredEvent = { id: String(seq), seq, json, bytes: Buffer.byteLength(json) };
    stream.events.push(event);
    stream.bytes += event.bytes;
    this.#bytes += event.bytes;
    this.#events.set(event.id, { stream, seq });
    if (stream.events.length > this.#limits.maxEventsPerStream) this.#dropFirstEvent(stream);
    // The stream being written goes last, and only when it alone is over the bound.
    while (this.#bytes > this.#limits.maxBytes) {
      const oldest = this.#oldest!;
      if (oldest === stream) {
        if (stream.events.length <= 1) break;
        this.#dropFirstEvent(stream);
      } else this.#forget(oldest);
    }
    return Promise.resolve(event.id);
  }

  getStreamIdForEventId(eventId: string): Promise<string | undefined> {
    this.#expire(Date.now());
    return Promise.resolve(this.#events.get(eventId)?.stream.id);
  }

  async replayEventsAfter(
    lastEventId: string,
    { send }: { readonly send: (eventId: string, message: JSONRPCMessage) => Promise<void> },
  ): Promise<string> {
    this.#expire(Date.now());
    const found = this.#events.get(lastEventId);
    if (found === undefined)
      throw new Error(`Event ${JSON.stringify(lastEventId.slice(0, 64))} is not in the event store.`);
    // A copy: events stored while the replay awaits are the live stream's to deliver.
    const later = found.stream.events.filter((event) => event.seq > found.seq);
    for (const event of later) {
      const message = JSON.parse(event.json) as JSONRPCMessage;
      // A stream's priming event (`{}`) only carries an id to resume from; there is nothing to resend.
      if (!('jsonrpc' in message)) continue;
      await send(event.id, message);
    }
    return found.stream.id;
  }

  deleteStream(streamId: string): Promise<void> {
    const stream = this.#streams.get(streamId);
    if (stream !== undefined) this.#forget(stream);
    return Promise.resolve();
  }

  #expire(now: number): void {
    const cutoff = now - this.#limits.streamTtlMs;
    while (this.#oldest !== undefined && this.#oldest.lastWrite < cutoff) this.#forget(this.#oldest);
  }

  #forgetOldest(): void {
    if (this.#oldest !== undefined) this.#forget(this.#oldest);
  }

  #append(stream: StoredStream): void {
    stream.older = this.#newest;
    stream.newer = undefined;
    if (this.#newest === undefined) this.#oldest = stream;
    else this.#newest.newer = stream;
    this.#newest = stream;
  }

  #unlink(stream: StoredStream): void {
    if (stream.older === undefined) this.#oldest = stream.newer;
    else stream.older.newer = stream.newer;
    if (stream.newer === undefined) this.#newest = stream.older;
    else stream.newer.older = stream.older;
    stream.older = undefined;
    stream.newer = undefined;
  }

  // Only for a stream the store holds (every caller finds it in the map or the list).
  #forget(stream: StoredStream): void {
    this.#streams.delete(stream.id);
    this.#unlink(stream);
    for (const event of stream.events) this.#events.delete(event.id);
    this.#bytes -= stream.bytes;
    stream.events.length = 0;
    stream.bytes = 0;
  }

  #dropFirstEvent(stream: StoredStream): void {
    const first = stream.events.shift();
    if (first === undefined) return;
    this.#events.delete(first.id);
    stream.bytes -= first.bytes;
    this.#bytes -= first.bytes;
  }
}

function definedOnly(options: InMemoryEventStoreOptions): InMemoryEventStoreOptions {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
}
