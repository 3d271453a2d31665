import { randomUUID } from 'node:crypto';
import type { McpCluster } from '@toolwright/mcp';
import { DEFAULT_REDIS_CONNECT_TIMEOUT_MS, RedisConnection } from './redis-connection';
import { RedisEventBus } from './redis-event-bus';
import { RedisSharedLimit, type RedisLimitOptions } from './redis-shared-limit';
import { DEFAULT_REDIS_MAX_TASKS, RedisTaskStore } from './redis-task-store';

/** The default prefix of every key and channel. */
export const DEFAULT_REDIS_PREFIX = 'toolwright:';

/** Options of `connectRedisCluster`. */
export interface RedisClusterOptions {
  /** The Redis URL (`redis://host:port`, `rediss://…` for TLS, with `user:password@` if needed). */
  readonly url: string;
  /** Prefixes every key and channel (default `toolwright:`): one Redis can serve several deployments. */
  readonly prefix?: string;
  /** This process's id in the cluster (default a random UUID). */
  readonly owner?: string;
  /** Unfinished tasks held across the deployment (default 10 000); more are `concurrency_limited`. */
  readonly maxTasks?: number;
  /** A cluster-wide concurrency limit (none by default). */
  readonly limit?: RedisLimitOptions;
  /** How long to wait for Redis at start (default 5000 ms); then `connectRedisCluster` rejects. */
  readonly connectTimeoutMs?: number;
  /** Told of every Redis failure after start (lost connection, failed write); default: stderr. */
  readonly onError?: (error: unknown) => void;
}

/** An `McpCluster` on Redis, with the means to close it. */
export interface RedisCluster extends McpCluster {
  readonly tasks: RedisTaskStore;
  readonly limit?: RedisSharedLimit;
  readonly events: RedisEventBus;
  /** This process's id in the cluster. */
  readonly owner: string;
  /** Closes the Redis connections (after the servers using the cluster are closed). Idempotent. */
  close(): Promise<void>;
}

/**
 * Connects this process to the deployment's Redis and returns what to give `serveMcp` (or
 * `createMcpHttpHandler`) as `cluster`: the shared task store, the cluster-wide limit when
 * `limit` is set, and the event bus. Rejects with a clear error when Redis cannot be reached;
 * see docs/deployment.md for what happens when it goes away later.
 */
export async function connectRedisCluster(options: RedisClusterOptions): Promise<RedisCluster> {
  const maxTasks = options.maxTasks ?? DEFAULT_REDIS_MAX_TASKS;
  if (!Number.isInteger(maxTasks) || maxTasks < 1)
    throw new RangeError(`maxTasks must be a positive integer, got ${String(maxTasks)}.`);
  const redis = await RedisConnection.open({
    url: options.url,
    prefix: options.prefix ?? DEFAULT_REDIS_PREFIX,
    owner: options.owner ?? randomUUID(),
    connectTimeoutMs: options.connectTimeoutMs ?? DEFAULT_REDIS_CONNECT_TIMEOUT_MS,
    onError:
      options.onError ??
      ((error: unknown) => process.stderr.write(`toolwright redis: ${messageOf(error)}\n`)),
  });
  try {
    const tasks = new RedisTaskStore(redis, maxTasks);
    const events = new RedisEventBus(redis);
    const limit = options.limit === undefined ? undefined : new RedisSharedLimit(redis, options.limit);
    await Promise.all([tasks.listen(), events.listen()]);
    return {
      tasks,
      events,
      ...(limit === undefined ? {} : { limit }),
      owner: redis.owner,
      close: async () => {
        limit?.close();
        await redis.close();
      },
    };
  } catch (error) {
    await redis.close();
    throw error;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
