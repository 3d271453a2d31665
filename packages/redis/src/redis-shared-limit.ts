import type { SharedGrant, SharedLimit } from '@toolwright/mcp';
import type { RedisConnection } from './redis-connection';

/** How long a held slot lasts unless its process renews it (ms, renewed at a third of it). */
export const DEFAULT_LIMIT_LEASE_MS = 30_000;

/** The retry hint of a refusal (ms). */
const RETRY_AFTER_MS = 500;

// KEYS: the holders set. ARGV: now (ms), maxConcurrent, expiry (ms), holder.
// Holders whose lease ran out (their process died) leave first: a dead process holds no slot.
const ACQUIRE = `redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', '(' .. ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[4])
return 1`;

/** Options of the cluster-wide concurrency limit (`connectRedisCluster({ limit })`). */
export interface RedisLimitOptions {
  /** Calls running at once across every process of the deployment. */
  readonly maxConcurrent: number;
  /** How long a slot outlives a process that stopped renewing it (default 30 000 ms). */
  readonly leaseMs?: number;
}

/**
 * A `SharedLimit` in Redis: a sorted set of the calls holding a slot, scored by when their lease
 * ends. Taking a slot is one script (drop expired holders, count, add); the process renews the
 * slots it holds every third of the lease, so a killed process's slots free themselves within
 * one lease.
 */
export class RedisSharedLimit implements SharedLimit {
  readonly #redis: RedisConnection;
  readonly #max: number;
  readonly #leaseMs: number;
  readonly #held = new Set<string>();
  #next = 0;
  #renewer: NodeJS.Timeout | undefined;

  constructor(redis: RedisConnection, options: RedisLimitOptions) {
    if (!Number.isInteger(options.maxConcurrent) || options.maxConcurrent < 1)
      throw new RangeError(
        `limit.maxConcurrent must be a positive integer, got ${String(options.maxConcurrent)}.`,
      );
    const leaseMs = options.leaseMs ?? DEFAULT_LIMIT_LEASE_MS;
    if (!Number.isInteger(leaseMs) || leaseMs < 3)
      throw new RangeError(`limit.leaseMs must be an integer of at least 3, got ${String(leaseMs)}.`);
    this.#redis = redis;
    this.#max = options.maxConcurrent;
    this.#leaseMs = leaseMs;
  }

  async acquire(_toolName: string): Promise<SharedGrant> {
    const holder = `${this.#redis.owner}:${(this.#next += 1)}`;
    const now = Date.now();
    const granted = await this.#redis.client.eval(ACQUIRE, {
      keys: [this.#key()],
      arguments: [String(now), String(this.#max), String(now + this.#leaseMs), holder],
    });
    if (granted !== 1) return { granted: false, retryAfterMs: RETRY_AFTER_MS };
    this.#held.add(holder);
    this.#startRenewing();
    let released = false;
    return {
      granted: true,
      release: () => {
        if (released) return;
        released = true;
        this.#held.delete(holder);
        if (this.#held.size === 0) this.#stopRenewing();
        // A slot that cannot be given back expires with its lease.
        this.#redis.client.zRem(this.#key(), holder).catch((error: unknown) => this.#redis.report(error));
      },
    };
  }

  /** Stops renewing (the slots still held expire with their lease). */
  close(): void {
    this.#stopRenewing();
  }

  #startRenewing(): void {
    if (this.#renewer !== undefined) return;
    this.#renewer = setInterval(() => this.#renew(), Math.floor(this.#leaseMs / 3));
    this.#renewer.unref();
  }

  #stopRenewing(): void {
    if (this.#renewer !== undefined) clearInterval(this.#renewer);
    this.#renewer = undefined;
  }

  #renew(): void {
    if (this.#held.size === 0) return;
    const score = Date.now() + this.#leaseMs;
    const members = [...this.#held].map((value) => ({ score, value }));
    // XX: a slot released meanwhile is not taken again.
    this.#redis.client
      .zAdd(this.#key(), members, { condition: 'XX' })
      .catch((error: unknown) => this.#redis.report(error));
  }

  #key(): string {
    return `${this.#redis.prefix}limit`;
  }
}
