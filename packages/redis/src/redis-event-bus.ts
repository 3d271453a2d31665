import type { ClusterEvent, ClusterEventBus } from '@toolwright/mcp';
import type { RedisConnection } from './redis-connection';

/** An event as it travels: who published it, and what. */
interface Envelope {
  readonly origin: string;
  readonly event: ClusterEvent;
}

/**
 * A `ClusterEventBus` on one Redis pub/sub channel. Events are fire-and-forget (Redis pub/sub
 * keeps nothing for a process that is not connected); a process skips its own.
 */
export class RedisEventBus implements ClusterEventBus {
  readonly #redis: RedisConnection;
  readonly #listeners = new Set<(event: ClusterEvent) => void>();

  constructor(redis: RedisConnection) {
    this.#redis = redis;
  }

  /** Starts listening on the deployment's event channel. */
  async listen(): Promise<void> {
    await this.#redis.subscribe(this.#channel(), (text) => this.#deliver(text));
  }

  async publish(event: ClusterEvent): Promise<void> {
    const envelope: Envelope = { origin: this.#redis.owner, event };
    await this.#redis.client.publish(this.#channel(), JSON.stringify(envelope));
  }

  subscribe(listener: (event: ClusterEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #deliver(text: string): void {
    let envelope: unknown;
    try {
      envelope = JSON.parse(text);
    } catch {
      return;
    }
    if (typeof envelope !== 'object' || envelope === null) return;
    const { origin, event } = envelope as Record<string, unknown>;
    if (origin === this.#redis.owner || !isClusterEvent(event)) return;
    for (const listener of [...this.#listeners]) {
      try {
        listener(event);
      } catch (error) {
        this.#redis.report(error);
      }
    }
  }

  #channel(): string {
    return `${this.#redis.prefix}events`;
  }
}

function isClusterEvent(value: unknown): value is ClusterEvent {
  if (typeof value !== 'object' || value === null) return false;
  const { type, uri } = value as Record<string, unknown>;
  return type === 'tools_changed' || (type === 'resource_updated' && typeof uri === 'string');
}
