import { ToolError } from '@toolwright/core';
import type { ClusterEvent, TaskRecord, TaskSignal } from '@toolwright/mcp';
import { connectRedisCluster, type RedisCluster } from '@toolwright/redis';
import { describeWith, freePort, startRedis, type RedisServer } from './services';

function record(overrides: Partial<TaskRecord> = {}): TaskRecord {
  const now = new Date().toISOString();
  return {
    taskId: globalThis.crypto.randomUUID(),
    toolName: 'build',
    status: 'working',
    createdAt: now,
    lastUpdatedAt: now,
    ttlMs: 60_000,
    pollIntervalMs: 100,
    owner: 'nobody',
    leaseExpiresAt: Date.now() + 30_000,
    ...overrides,
  };
}

async function eventually<T>(
  read: () => T | Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 5000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`still ${JSON.stringify(value)} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describeWith(['redis-server'])('@toolwright/redis on a real Redis', () => {
  let redis: RedisServer;
  const clusters: RedisCluster[] = [];
  const errors: unknown[] = [];
  let prefix = 0;

  async function cluster(
    options: Parameters<typeof connectRedisCluster>[0] | object = {},
  ): Promise<RedisCluster> {
    const connected = await connectRedisCluster({
      url: redis.url,
      prefix: `test${prefix}:`,
      onError: (error) => errors.push(error),
      ...options,
    });
    clusters.push(connected);
    return connected;
  }

  beforeAll(async () => {
    redis = await startRedis();
  });
  beforeEach(() => {
    prefix += 1;
    errors.length = 0;
  });
  afterEach(async () => {
    await Promise.all(clusters.splice(0).map((each) => each.close()));
  });
  afterAll(async () => {
    await redis.stop();
  });

  describe('RedisTaskStore', () => {
    it('keeps a record as it was given, empty objects and nested values included', async () => {
      const { tasks } = await cluster();
      const task = record({
        owner: tasks.owner,
        inputRequests: { a: { method: 'elicitation/create', params: {} } },
        statusMessage: 'step "1" of 3 — ünïcode',
      });
      await tasks.create(task);
      expect(await tasks.get(task.taskId)).toEqual(task);
      expect(await tasks.get('no-such-task')).toBeUndefined();
    });

    it('applies a patch, deletes fields patched to undefined, and lets the first terminal state win', async () => {
      const { tasks } = await cluster();
      const task = record({ statusMessage: 'starting' });
      await tasks.create(task);
      const working = await tasks.update(task.taskId, {
        status: 'input_required',
        inputRequests: { q: { method: 'roots/list', params: {} } },
      });
      expect(working).toMatchObject({ status: 'input_required', statusMessage: 'starting' });
      expect(working?.lastUpdatedAt).not.toBe(undefined);
      const done = await tasks.update(task.taskId, {
        status: 'completed',
        inputRequests: undefined,
        statusMessage: undefined,
        result: { content: [], structuredContent: {} },
      });
      expect(done).not.toHaveProperty('inputRequests');
      expect(done).not.toHaveProperty('statusMessage');
      expect(done?.result).toEqual({ content: [], structuredContent: {} });
      const late = await tasks.update(task.taskId, {
        status: 'failed',
        error: { code: -1, message: 'late' },
      });
      expect(late?.status).toBe('completed');
      expect(late).not.toHaveProperty('error');
      expect(await tasks.update('no-such-task', { status: 'failed' })).toBeUndefined();
    });

    it('drops a finished task once its ttlMs has passed', async () => {
      const { tasks } = await cluster();
      const task = record({ ttlMs: 100 });
      await tasks.create(task);
      await tasks.update(task.taskId, { status: 'completed', result: { content: [] } });
      expect(await tasks.get(task.taskId)).toBeDefined();
      await eventually(
        () => tasks.get(task.taskId),
        (value) => value === undefined,
      );
    });

    it('carries cancel and input signals to the owner, from another process', async () => {
      const owner = await cluster();
      const other = await cluster();
      const task = record({ owner: owner.tasks.owner });
      await owner.tasks.create(task);
      const received: TaskSignal[] = [];
      const stop = owner.tasks.watch(task.taskId, (signal) => received.push(signal));
      await other.tasks.signal(task.taskId, { type: 'input', responses: { q: { action: 'accept' } } });
      await other.tasks.signal(task.taskId, { type: 'cancel' });
      await eventually(
        () => received.length,
        (count) => count === 2,
      );
      expect(received).toEqual([
        { type: 'input', responses: { q: { action: 'accept' } } },
        { type: 'cancel' },
      ]);
      stop();
      await other.tasks.signal(task.taskId, { type: 'cancel' });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(received).toHaveLength(2);
    });

    it('bounds unfinished tasks across processes, and a task whose lease ran out frees its place', async () => {
      const first = await cluster({ maxTasks: 2 });
      const second = await cluster({ maxTasks: 2 });
      const lasting = record();
      await first.tasks.create(lasting);
      await first.tasks.create(record({ leaseExpiresAt: Date.now() + 200 }));
      const refused = await second.tasks
        .create(record({ toolName: 'render' }))
        .catch((error: unknown) => error);
      expect(ToolError.is(refused) && refused.kind).toBe('concurrency_limited');
      expect((refused as ToolError).message).toBe(
        'The deployment holds as many unfinished tasks as it allows (2). Retry render once one has finished.',
      );
      await new Promise((resolve) => setTimeout(resolve, 250));
      await expect(second.tasks.create(record())).resolves.toBeUndefined();
      await expect(second.tasks.create(record())).rejects.toThrow(/as many unfinished tasks/);
      // A finished task leaves the bound at once.
      await first.tasks.update(lasting.taskId, { status: 'completed', result: { content: [] } });
      await expect(second.tasks.create(record())).resolves.toBeUndefined();
    });
  });

  describe('RedisSharedLimit', () => {
    it('holds one bound across processes and frees a slot on release', async () => {
      const first = await cluster({ limit: { maxConcurrent: 2 } });
      const second = await cluster({ limit: { maxConcurrent: 2 } });
      const a = await first.limit!.acquire('t');
      const b = await second.limit!.acquire('t');
      expect([a.granted, b.granted]).toEqual([true, true]);
      const refused = await first.limit!.acquire('t');
      expect(refused).toEqual({ granted: false, retryAfterMs: 500 });
      if (a.granted) {
        a.release();
        a.release();
      }
      const again = await eventually(
        () => second.limit!.acquire('t'),
        (grant) => grant.granted,
      );
      expect(again.granted).toBe(true);
      expect((await first.limit!.acquire('t')).granted).toBe(false);
    });

    it('frees the slots of a process that stopped renewing them within one lease, and keeps renewed ones', async () => {
      const dead = await cluster({ limit: { maxConcurrent: 2, leaseMs: 300 } });
      const alive = await cluster({ limit: { maxConcurrent: 2, leaseMs: 300 } });
      expect((await alive.limit!.acquire('t')).granted).toBe(true);
      expect((await dead.limit!.acquire('t')).granted).toBe(true);
      dead.limit!.close();
      expect((await alive.limit!.acquire('t')).granted).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 450));
      // The dead process's slot is gone; the living one, renewed, still counts.
      expect((await alive.limit!.acquire('t')).granted).toBe(true);
      expect((await alive.limit!.acquire('t')).granted).toBe(false);
    });
  });

  describe('RedisEventBus', () => {
    it('delivers an event to the other processes and not back to its publisher', async () => {
      const first = await cluster();
      const second = await cluster();
      const heardFirst: ClusterEvent[] = [];
      const heardSecond: ClusterEvent[] = [];
      first.events.subscribe((event) => heardFirst.push(event));
      second.events.subscribe((event) => heardSecond.push(event));
      await first.events.publish({ type: 'tools_changed' });
      await first.events.publish({ type: 'resource_updated', uri: 'file:///a.txt' });
      await eventually(
        () => heardSecond.length,
        (count) => count === 2,
      );
      expect(heardSecond).toEqual([
        { type: 'tools_changed' },
        { type: 'resource_updated', uri: 'file:///a.txt' },
      ]);
      expect(heardFirst).toEqual([]);
    });
  });

  describe('when Redis is unreachable', () => {
    it('fails to connect at start with the address and the cause', async () => {
      const port = await freePort();
      const started = Date.now();
      const failure = await connectRedisCluster({ url: `redis://:secret@127.0.0.1:${port}` }).catch(
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(Error);
      expect((failure as Error).message).toMatch(
        new RegExp(
          `^Could not connect to Redis at redis://:\\*\\*\\*@127\\.0\\.0\\.1:${port}: .*ECONNREFUSED`,
        ),
      );
      expect(Date.now() - started).toBeLessThan(5000);
    });

    it('fails commands at once with a typed error while Redis is down, reports it, and recovers', async () => {
      const own = await startRedis();
      const connected = await connectRedisCluster({
        url: own.url,
        onError: (error) => errors.push(error),
        limit: { maxConcurrent: 1 },
      });
      try {
        const task = record();
        await connected.tasks.create(task);
        await own.stop(true);
        const failure = await connected.tasks.get(task.taskId).catch((error: unknown) => error);
        expect(ToolError.is(failure) && failure.kind).toBe('unavailable');
        expect((failure as ToolError).message).toBe('The task store is unavailable; retry shortly.');
        const refused = await connected.tasks
          .create(record({ toolName: 'render' }))
          .catch((error: unknown) => error);
        expect(ToolError.is(refused) && refused.kind).toBe('unavailable');
        await expect(connected.limit!.acquire('t')).rejects.toBeInstanceOf(Error);
        expect(errors.length).toBeGreaterThan(0);
        await own.restart();
        // The data went with the server (no persistence); the connection comes back by itself.
        await eventually(
          () =>
            connected.tasks.get(task.taskId).then(
              () => 'up',
              () => 'down',
            ),
          (state) => state === 'up',
          10_000,
        );
        await expect(connected.tasks.create(record())).resolves.toBeUndefined();
      } finally {
        await connected.close();
        await own.stop();
      }
    });
  });
});
