import { ToolError } from '@toolwright/core';
import {
  TaskWatchers,
  type TaskPatch,
  type TaskRecord,
  type TaskSignal,
  type TaskStore,
} from '@toolwright/mcp';
import type { RedisConnection } from './redis-connection';

/** The default bound of unfinished tasks a Redis store holds across the deployment. */
export const DEFAULT_REDIS_MAX_TASKS = 10_000;

// Each top-level field of a record is stored JSON-encoded in its own hash field, so a script can
// read and change single fields without decoding the record (Redis's cjson turns `{}` into `[]`).
const TERMINAL = `local function terminal(status)
  return status == '"completed"' or status == '"failed"' or status == '"cancelled"'
end
`;

// KEYS: task hash, unfinished set. ARGV: now (ms), maxTasks, taskId, leaseExpiresAt, ttlMs, field/value pairs.
// Tasks whose lease ran out leave the unfinished set first: a dead owner's tasks do not fill it.
const CREATE = `redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', '(' .. ARGV[1])
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[2]) then return 0 end
redis.call('HSET', KEYS[1], unpack(ARGV, 6))
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[4]) - tonumber(ARGV[1]) + tonumber(ARGV[5]))
redis.call('ZADD', KEYS[2], ARGV[4], ARGV[3])
return 1`;

// KEYS: task hash, unfinished set. ARGV: now (ms), lastUpdatedAt (JSON), taskId, count of pairs,
// field/value pairs, then the fields to delete. A terminal task is returned unchanged.
const UPDATE = `${TERMINAL}
local status = redis.call('HGET', KEYS[1], 'status')
if not status then return false end
if terminal(status) then return redis.call('HGETALL', KEYS[1]) end
local pairs = tonumber(ARGV[4])
if pairs > 0 then redis.call('HSET', KEYS[1], unpack(ARGV, 5, 4 + 2 * pairs)) end
if #ARGV > 4 + 2 * pairs then redis.call('HDEL', KEYS[1], unpack(ARGV, 5 + 2 * pairs)) end
redis.call('HSET', KEYS[1], 'lastUpdatedAt', ARGV[2])
local ttl = tonumber(redis.call('HGET', KEYS[1], 'ttlMs'))
if terminal(redis.call('HGET', KEYS[1], 'status')) then
  redis.call('ZREM', KEYS[2], ARGV[3])
  redis.call('PEXPIRE', KEYS[1], ttl)
else
  local lease = tonumber(redis.call('HGET', KEYS[1], 'leaseExpiresAt'))
  redis.call('ZADD', KEYS[2], lease, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], math.max(1, lease - tonumber(ARGV[1])) + ttl)
end
return redis.call('HGETALL', KEYS[1])`;

/** The message a task's owner receives on its channel. */
interface OwnerMessage {
  readonly taskId: string;
  readonly signal: TaskSignal;
}

/**
 * A `TaskStore` in Redis, shared by every process of a deployment: a hash per task (expiring
 * `ttlMs` after it finished, or after its lease ran out), a sorted set of the unfinished tasks
 * scored by lease (the `maxTasks` bound, across processes), and a pub/sub channel per owner that
 * carries cancellations and input responses to the process running the task. Made by
 * `connectRedisCluster`.
 */
export class RedisTaskStore implements TaskStore {
  readonly owner: string;
  readonly #redis: RedisConnection;
  readonly #maxTasks: number;
  readonly #watchers = new TaskWatchers();

  constructor(redis: RedisConnection, maxTasks: number) {
    this.#redis = redis;
    this.owner = redis.owner;
    this.#maxTasks = maxTasks;
  }

  /** Starts listening on this process's owner channel. */
  async listen(): Promise<void> {
    await this.#redis.subscribe(this.#ownerChannel(this.owner), (text) => this.#deliver(text));
  }

  async create(task: TaskRecord): Promise<void> {
    const fields = encodeFields(task as unknown as Record<string, unknown>);
    const stored = await this.#command(task.toolName, () =>
      this.#redis.client.eval(CREATE, {
        keys: [this.#taskKey(task.taskId), this.#unfinishedKey()],
        arguments: [
          String(Date.now()),
          String(this.#maxTasks),
          task.taskId,
          String(task.leaseExpiresAt),
          String(task.ttlMs),
          ...fields,
        ],
      }),
    );
    if (stored !== 1) {
      throw ToolError.concurrencyLimited(
        `The deployment holds as many unfinished tasks as it allows (${this.#maxTasks}). Retry ${task.toolName} once one has finished.`,
        { toolName: task.toolName, retryAfterMs: task.pollIntervalMs },
      );
    }
  }

  async get(taskId: string): Promise<TaskRecord | undefined> {
    const fields = await this.#command(undefined, () => this.#redis.client.hGetAll(this.#taskKey(taskId)));
    return decodeRecord(Object.entries(fields));
  }

  async update(taskId: string, patch: TaskPatch): Promise<TaskRecord | undefined> {
    const set: string[] = [];
    const remove: string[] = [];
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined) remove.push(key);
      else set.push(key, JSON.stringify(value));
    }
    const reply = await this.#command(undefined, () =>
      this.#redis.client.eval(UPDATE, {
        keys: [this.#taskKey(taskId), this.#unfinishedKey()],
        arguments: [
          String(Date.now()),
          JSON.stringify(new Date().toISOString()),
          taskId,
          String(set.length / 2),
          ...set,
          ...remove,
        ],
      }),
    );
    return Array.isArray(reply) ? decodeRecord(pairsOf(reply as unknown[])) : undefined;
  }

  async signal(taskId: string, signal: TaskSignal): Promise<void> {
    const owner = await this.#command(undefined, () =>
      this.#redis.client.hGet(this.#taskKey(taskId), 'owner'),
    );
    if (owner === null || owner === undefined) return;
    const message: OwnerMessage = { taskId, signal };
    await this.#command(undefined, () =>
      this.#redis.client.publish(this.#ownerChannel(JSON.parse(owner) as string), JSON.stringify(message)),
    );
  }

  watch(taskId: string, listener: (signal: TaskSignal) => void): () => void {
    return this.#watchers.watch(taskId, listener);
  }

  #deliver(text: string): void {
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (isOwnerMessage(message)) this.#watchers.deliver(message.taskId, message.signal);
  }

  // A store that cannot be reached fails the request that needed it with a clear error; the
  // cause goes to the cluster's onError (a client is never shown connection details).
  async #command<T>(toolName: string | undefined, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (cause) {
      this.#redis.report(cause);
      throw ToolError.unavailable('The task store is unavailable; retry shortly.', {
        ...(toolName === undefined ? {} : { toolName }),
        retryAfterMs: 1000,
        cause,
      });
    }
  }

  #taskKey(taskId: string): string {
    return `${this.#redis.prefix}task:${taskId}`;
  }

  #unfinishedKey(): string {
    return `${this.#redis.prefix}tasks:unfinished`;
  }

  #ownerChannel(owner: string): string {
    return `${this.#redis.prefix}owner:${owner}`;
  }
}

function encodeFields(record: Record<string, unknown>): string[] {
  const fields: string[] = [];
  for (const [key, value] of Object.entries(record)) {
    if (value !== undefined) fields.push(key, JSON.stringify(value));
  }
  return fields;
}

function pairsOf(flat: readonly unknown[]): [string, string][] {
  const pairs: [string, string][] = [];
  for (let index = 0; index + 1 < flat.length; index += 2)
    pairs.push([String(flat[index]), String(flat[index + 1])]);
  return pairs;
}

function decodeRecord(pairs: readonly (readonly [string, string])[]): TaskRecord | undefined {
  if (pairs.length === 0) return undefined;
  const record: Record<string, unknown> = {};
  for (const [key, value] of pairs) record[key] = JSON.parse(value);
  return record as unknown as TaskRecord;
}

function isOwnerMessage(value: unknown): value is OwnerMessage {
  if (typeof value !== 'object' || value === null) return false;
  const { taskId, signal } = value as Record<string, unknown>;
  if (typeof taskId !== 'string' || typeof signal !== 'object' || signal === null) return false;
  const { type, responses } = signal as Record<string, unknown>;
  return (
    type === 'cancel' ||
    (type === 'input' && typeof responses === 'object' && responses !== null && !Array.isArray(responses))
  );
}
