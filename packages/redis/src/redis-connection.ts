import { createClient, type RedisClientType } from '@redis/client';

/** The default time to wait for Redis at start before giving up (ms). */
export const DEFAULT_REDIS_CONNECT_TIMEOUT_MS = 5000;

/** The longest wait between two reconnection attempts once connected (ms). */
const MAX_RECONNECT_DELAY_MS = 2000;

/** What `RedisConnection.open` needs. */
export interface RedisConnectionOptions {
  readonly url: string;
  readonly prefix: string;
  readonly owner: string;
  readonly connectTimeoutMs: number;
  readonly onError: (error: unknown) => void;
}

/**
 * The two clients a process holds on Redis: one for commands and one for its subscriptions (a
 * subscribed client can run nothing else). Redis that cannot be reached at start is an error at
 * once; once connected, a lost connection is retried forever with a bounded backoff, and while it
 * is down commands fail at once (no offline queue: nothing waits unbounded, nothing is written
 * late) and each failure is reported.
 */
export class RedisConnection {
  readonly client: RedisClientType;
  readonly prefix: string;
  readonly owner: string;
  readonly #subscriber: RedisClientType;
  readonly #onError: (error: unknown) => void;
  #closed = false;

  private constructor(client: RedisClientType, subscriber: RedisClientType, options: RedisConnectionOptions) {
    this.client = client;
    this.#subscriber = subscriber;
    this.prefix = options.prefix;
    this.owner = options.owner;
    this.#onError = options.onError;
  }

  /** Connects both clients; rejects with a clear error when Redis cannot be reached. */
  static async open(options: RedisConnectionOptions): Promise<RedisConnection> {
    const client = connectingClient(options);
    const subscriber = connectingClient(options);
    const connection = new RedisConnection(client.client, subscriber.client, options);
    const settled = await Promise.allSettled([client.connect(), subscriber.connect()]);
    const failed = settled.find((outcome) => outcome.status === 'rejected');
    if (failed !== undefined) {
      client.client.destroy();
      subscriber.client.destroy();
      const cause: unknown = failed.reason;
      throw new Error(
        `Could not connect to Redis at ${redactUrl(options.url)}: ${cause instanceof Error ? cause.message : String(cause)}`,
        { cause },
      );
    }
    return connection;
  }

  /** Subscribes to a channel on the subscriber client. */
  async subscribe(channel: string, listener: (message: string) => void): Promise<void> {
    await this.#subscriber.subscribe(channel, (message) => listener(String(message)));
  }

  /** Reports a failure to the cluster's `onError` (never throws). */
  report(error: unknown): void {
    if (this.#closed) return;
    try {
      this.#onError(error);
    } catch {
      // A failing reporter must not turn a reported failure into an unhandled one.
    }
  }

  /** Closes both clients (pending commands are answered first). Idempotent. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await Promise.allSettled([quit(this.client), quit(this.#subscriber)]);
  }
}

function connectingClient(options: RedisConnectionOptions): {
  client: RedisClientType;
  connect: () => Promise<unknown>;
} {
  let connected = false;
  const client = createClient({
    url: options.url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: options.connectTimeoutMs,
      // Before the first connection a failure ends `connect()` with its cause; after it, retry.
      // The cause is wrapped: node-redis checks `instanceof Error`, and a socket error can come
      // from another realm (a test runner's sandbox).
      reconnectStrategy: (retries: number, cause: Error) =>
        connected
          ? Math.min(MAX_RECONNECT_DELAY_MS, 50 * 2 ** Math.min(retries, 6))
          : new Error(cause.message, { cause }),
    },
  }) as RedisClientType;
  // node-redis emits 'error' for every failed socket; without a listener that would crash the process.
  client.on('error', (error: unknown) => {
    if (connected) options.onError(error);
  });
  return {
    client,
    connect: async () => {
      await client.connect();
      connected = true;
    },
  };
}

async function quit(client: RedisClientType): Promise<void> {
  try {
    if (client.isOpen) await client.close();
  } catch {
    client.destroy();
  }
}

/** The URL without its password, for messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(an invalid URL)';
  }
}
