import type { Client } from '@modelcontextprotocol/client';
import { ToolError, type ToolCallContext } from '@toolwright/core';
import { ToolRegistry, type ToolServerHandle } from '@toolwright/registry';
import { InMemoryTaskStore, TASKS_EXTENSION_ID, type TaskRecord } from '@toolwright/mcp';
import { serveMcp, type McpServing } from '@toolwright/mcp/node';
import { connectInMemory, rawTool, sleep } from './helpers';
import { httpClient } from './http-helpers';

const TASKS: Record<string, unknown> = { extensions: { [TASKS_EXTENSION_ID]: {} } };
// Results of any shape: task results and acks are not the SDK's spec result types.
const anyResult = {
  '~standard': { version: 1, vendor: 'test', validate: (value: unknown) => ({ value }) },
} as const;

type Wire = Record<string, any>;

// The SDK v2 client rejects a `tools/call` answered with a task ("Unsupported result type
// 'task'"): the tests read that answer off the wire, and use the client for everything else.
const taskAnswers = new WeakMap<Client, Wire[]>();

function captureTaskAnswers(client: Client): void {
  const transport = (
    client as unknown as { transport?: { onmessage?: (message: unknown, extra?: unknown) => void } }
  ).transport;
  const deliver = transport?.onmessage;
  if (transport === undefined || deliver === undefined) throw new Error('the client is not connected');
  const answers: Wire[] = [];
  taskAnswers.set(client, answers);
  transport.onmessage = (message, extra) => {
    const result = (message as Wire)['result'];
    if (result !== undefined && result['resultType'] === 'task') answers.push(result);
    deliver.call(transport, message, extra);
  };
}

async function send(client: Client, method: string, params: Record<string, unknown>): Promise<Wire> {
  const answers = taskAnswers.get(client) ?? [];
  const before = answers.length;
  try {
    return (await client.request(
      { method, params } as never,
      anyResult as never,
      {
        allowInputRequired: true,
      } as never,
    )) as Wire;
  } catch (error) {
    if (method === 'tools/call' && answers.length > before) return answers[answers.length - 1]!;
    throw error;
  }
}

async function until(
  client: Client,
  taskId: string,
  done: (task: Wire) => boolean,
  timeoutMs = 5000,
): Promise<Wire> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const task = await send(client, 'tasks/get', { taskId });
    if (done(task)) return task;
    if (Date.now() > deadline) throw new Error(`task ${taskId} stayed ${String(task['status'])}`);
    await sleep(10);
  }
}

const terminal = (task: Wire): boolean => ['completed', 'failed', 'cancelled'].includes(task['status']);

function withTask<T extends { definition: object }>(
  tool: T,
  task: 'optional' | 'required',
  inputFirst = false,
): T {
  return {
    ...tool,
    definition: { ...tool.definition, task, ...(inputFirst ? { taskInputFirst: true } : {}) },
  } as T;
}

let signalAborted: { reason: unknown } | undefined;
let hangStarted = false;
let askFirstAborted: unknown;
let releaseGate: (() => void) | undefined;

function tools(): ToolServerHandle {
  return new ToolRegistry()
    .tool(rawTool('plain', () => 'plain answer'))
    .tool(
      withTask(
        rawTool('stepper', async function* (args: { steps?: number }) {
          const steps = args.steps ?? 2;
          for (let step = 1; step <= steps; step++) {
            yield { type: 'progress', kind: 'text', text: `step ${step} of ${steps}` };
            if (step === steps) await new Promise<void>((resolve) => (releaseGate = resolve));
          }
          return `stepped ${steps}`;
        }),
        'optional',
      ),
    )
    .tool(
      withTask(
        rawTool('broken', () => {
          throw ToolError.executionFailed('the data is inconsistent');
        }),
        'required',
      ),
    )
    .tool(
      withTask(
        rawTool('hang', async (_args, ctx: ToolCallContext) => {
          hangStarted = true;
          await new Promise<void>((resolve) =>
            ctx.signal.addEventListener(
              'abort',
              () => {
                signalAborted = { reason: ctx.signal.reason };
                resolve();
              },
              { once: true },
            ),
          );
          return 'stopped';
        }),
        'optional',
      ),
    )
    .tool(
      withTask(
        rawTool('ask_first', async (_args, ctx: ToolCallContext) => {
          const answer = await ctx.elicit({
            key: 'user_name',
            message: 'Who?',
            schema: { type: 'object', properties: { name: { type: 'string' } } },
          });
          await sleep(300, ctx.signal);
          ctx.signal.addEventListener('abort', () => (askFirstAborted = ctx.signal.reason), { once: true });
          const later = await ctx.elicit({
            key: 'sure',
            message: 'Sure?',
            schema: { type: 'object', properties: { ok: { type: 'boolean' } } },
          });
          const name = answer.action === 'accept' ? String((answer.content as Wire)['name']) : 'nobody';
          return `${name} ${later.action}`;
        }),
        'required',
        true,
      ),
    )
    .tool(
      withTask(
        rawTool('ask', async (_args, ctx: ToolCallContext) => {
          const answer = await ctx.elicit({
            key: 'color',
            message: 'Which colour?',
            schema: { type: 'object', properties: { color: { type: 'string' } } },
          });
          return answer.action === 'accept' ? `colour ${String((answer.content as Wire)['color'])}` : 'none';
        }),
        'optional',
      ),
    )
    .finalize();
}

function describeTasks(
  label: string,
  connect: (
    handle: ToolServerHandle,
    capabilities: object,
  ) => Promise<{ client: Client; close: () => Promise<void> }>,
): void {
  describe(`MCP tasks (2026-07-28, ${label})`, () => {
    let handle: ToolServerHandle;
    let client: Client;
    let close: () => Promise<void>;

    beforeEach(async () => {
      signalAborted = undefined;
      hangStarted = false;
      askFirstAborted = undefined;
      releaseGate = undefined;
      handle = tools();
      ({ client, close } = await connect(handle, { elicitation: {}, ...TASKS }));
      captureTaskAnswers(client);
    });
    afterEach(async () => {
      releaseGate?.();
      await close();
    });

    it('answers a task tool with a created task, its progress as the status message, then its result', async () => {
      const created = await send(client, 'tools/call', { name: 'stepper', arguments: { steps: 2 } });
      expect(created).toMatchObject({
        resultType: 'task',
        status: 'working',
        ttlMs: 3_600_000,
        pollIntervalMs: 1000,
      });
      expect(created['taskId']).toMatch(/^[0-9a-f-]{36}$/);
      expect(created).not.toHaveProperty('result');
      const working = await until(
        client,
        created['taskId'],
        (task) => task['statusMessage'] === 'step 2 of 2',
      );
      expect(working).toMatchObject({ status: 'working' });
      expect(working).not.toHaveProperty('result');
      // The status message is written when the tool yields it; the tool opens its gate only when
      // resumed after that, which a loaded machine can leave for later than the poll that saw it.
      while (releaseGate === undefined) await sleep(5);
      (releaseGate as () => void)();
      const done = await until(client, created['taskId'], terminal);
      expect(done['status']).toBe('completed');
      expect(done['result']['content']).toEqual([{ type: 'text', text: 'stepped 2' }]);
    });

    it('answers a tool without task support with a plain result', async () => {
      const result = await send(client, 'tools/call', { name: 'plain', arguments: {} });
      expect(result).toMatchObject({ content: [{ type: 'text', text: 'plain answer' }] });
      expect(result).not.toHaveProperty('taskId');
    });

    it('ends a task whose tool failed as completed with an isError result', async () => {
      const created = await send(client, 'tools/call', { name: 'broken', arguments: {} });
      const done = await until(client, created['taskId'], terminal);
      expect(done['status']).toBe('completed');
      expect(done['result']['isError']).toBe(true);
      expect(JSON.stringify(done['result']['content'])).toContain('the data is inconsistent');
    });

    it('aborts the tool signal on tasks/cancel and settles the task as cancelled', async () => {
      const created = await send(client, 'tools/call', { name: 'hang', arguments: {} });
      while (!hangStarted) await sleep(5);
      expect((await send(client, 'tasks/get', { taskId: created['taskId'] }))['status']).toBe('working');
      const ack = await send(client, 'tasks/cancel', { taskId: created['taskId'] });
      // An empty ack (the client strips resultType "complete"): no task envelope.
      expect(Object.keys(ack).filter((key) => key !== '_meta')).toEqual([]);
      const done = await until(client, created['taskId'], terminal);
      expect(done['status']).toBe('cancelled');
      expect(signalAborted).toBeDefined();
      expect(ToolError.is(signalAborted?.reason) && signalAborted?.reason.kind).toBe('cancelled');
      // Cancelling a finished task is an empty ack too.
      const again = await send(client, 'tasks/cancel', { taskId: created['taskId'] });
      expect(Object.keys(again).filter((key) => key !== '_meta')).toEqual([]);
    });

    it('shows input requests as input_required and resumes the tool on tasks/update', async () => {
      const created = await send(client, 'tools/call', { name: 'ask', arguments: {} });
      const waiting = await until(client, created['taskId'], (task) => task['status'] === 'input_required');
      expect(waiting['inputRequests']['color']).toMatchObject({ method: 'elicitation/create' });
      await send(client, 'tasks/update', {
        taskId: created['taskId'],
        inputResponses: { color: { action: 'accept', content: { color: 'teal' } } },
      });
      const done = await until(client, created['taskId'], terminal);
      expect(done['result']['content']).toEqual([{ type: 'text', text: 'colour teal' }]);
    });

    it("gathers a taskInputFirst tool's first input in rounds, then hands the running tool to a task", async () => {
      const first = await send(client, 'tools/call', { name: 'ask_first', arguments: {} });
      expect(first).not.toHaveProperty('taskId');
      expect(first['inputRequests']['user_name']).toMatchObject({ method: 'elicitation/create' });
      const created = await send(client, 'tools/call', {
        name: 'ask_first',
        arguments: {},
        inputResponses: { user_name: { action: 'accept', content: { name: 'Ada' } } },
        requestState: first['requestState'],
      });
      expect(created).toMatchObject({ resultType: 'task', status: 'working' });
      expect(created).not.toHaveProperty('requestState');
      // Asked after the hand-over, the second question is the task's input.
      const waiting = await until(client, created['taskId'], (task) => task['status'] === 'input_required');
      expect(Object.keys(waiting['inputRequests'])).toEqual(['sure']);
      await send(client, 'tasks/update', {
        taskId: created['taskId'],
        inputResponses: { sure: { action: 'accept', content: { ok: true } } },
      });
      const done = await until(client, created['taskId'], terminal);
      expect(done['result']['content']).toEqual([{ type: 'text', text: 'Ada accept' }]);
    });

    it('aborts a handed-over taskInputFirst tool on tasks/cancel', async () => {
      const first = await send(client, 'tools/call', { name: 'ask_first', arguments: {} });
      const created = await send(client, 'tools/call', {
        name: 'ask_first',
        arguments: {},
        inputResponses: { user_name: { action: 'accept', content: { name: 'Ada' } } },
        requestState: first['requestState'],
      });
      await until(client, created['taskId'], (task) => task['status'] === 'input_required');
      await send(client, 'tasks/cancel', { taskId: created['taskId'] });
      expect((await until(client, created['taskId'], terminal))['status']).toBe('cancelled');
      expect(ToolError.is(askFirstAborted) && askFirstAborted.kind).toBe('cancelled');
    });

    it('rejects an unknown task id with -32602', async () => {
      await expect(send(client, 'tasks/get', { taskId: 'no-such-task' })).rejects.toMatchObject({
        code: -32602,
      });
    });
  });
}

describeTasks('in memory', async (handle, capabilities) =>
  connectInMemory(handle, {}, capabilities as never, '2026-07-28'),
);

let serving: McpServing | undefined;
describeTasks('over Streamable HTTP', async (handle, capabilities) => {
  serving = await serveMcp(handle, { transport: { http: { port: 0 } } });
  const client = await httpClient(serving.url!, capabilities as never, '2026-07-28');
  return {
    client,
    close: async () => {
      await client.close();
      await serving?.close();
    },
  };
});

describe('MCP tasks without the extension', () => {
  it('runs an optional task tool as a plain call, refuses a required one with -32021, and gates tasks/get', async () => {
    const { client, close } = await connectInMemory(tools(), {}, {}, '2026-07-28');
    try {
      releaseGate = undefined;
      const pending = send(client, 'tools/call', { name: 'stepper', arguments: { steps: 1 } });
      while (releaseGate === undefined) await sleep(5);
      (releaseGate as () => void)();
      await expect(pending).resolves.toMatchObject({ content: [{ type: 'text', text: 'stepped 1' }] });
      await expect(send(client, 'tools/call', { name: 'broken', arguments: {} })).rejects.toMatchObject({
        code: -32021,
        data: { requiredCapabilities: { extensions: { [TASKS_EXTENSION_ID]: {} } } },
      });
      await expect(send(client, 'tasks/get', { taskId: 'x' })).rejects.toMatchObject({ code: -32021 });
    } finally {
      await close();
    }
  });
});

describe('MCP tasks under 2025-11-25', () => {
  it('runs a required task tool as an ordinary call and answers tasks/get with -32601', async () => {
    const { client, close } = await connectInMemory(tools(), {}, TASKS as never, '2025-11-25');
    try {
      const result = await send(client, 'tools/call', { name: 'broken', arguments: {} });
      expect(result).toMatchObject({ isError: true });
      expect(result).not.toHaveProperty('taskId');
      await expect(send(client, 'tasks/get', { taskId: 'x' })).rejects.toMatchObject({ code: -32601 });
    } finally {
      await close();
    }
  });
});

describe('InMemoryTaskStore', () => {
  function record(taskId: string, status: TaskRecord['status'], at: number, ttlMs = 1000): TaskRecord {
    const time = new Date(at).toISOString();
    return {
      taskId,
      toolName: 'tool',
      status,
      createdAt: time,
      lastUpdatedAt: time,
      ttlMs,
      pollIntervalMs: 100,
      owner: 'me',
      leaseExpiresAt: at + 30_000,
    };
  }

  it('keeps a finished task for its ttlMs after it finished, then forgets it', async () => {
    let now = 1_000_000;
    const store = new InMemoryTaskStore({ now: () => now });
    await store.create(record('a', 'working', now));
    now += 5000;
    await store.update('a', { status: 'completed', result: { content: [] } });
    now += 999;
    expect((await store.get('a'))?.status).toBe('completed');
    now += 1;
    expect(await store.get('a')).toBeUndefined();
  });

  it('never drops an unfinished task, evicts the oldest finished one when full, and refuses when all run', async () => {
    const store = new InMemoryTaskStore({ maxTasks: 2 });
    const at = Date.now();
    await store.create(record('old-done', 'completed', at, 60_000));
    await store.create(record('running', 'working', at));
    await store.create(record('new', 'working', at));
    expect(await store.get('old-done')).toBeUndefined();
    expect(await store.get('running')).toBeDefined();
    await expect(store.create(record('one-more', 'working', at))).rejects.toMatchObject({
      kind: 'concurrency_limited',
    });
  });

  it('keeps the first terminal state', async () => {
    const store = new InMemoryTaskStore();
    await store.create(record('t', 'working', Date.now()));
    await store.update('t', { status: 'cancelled' });
    const after = await store.update('t', { status: 'completed', result: { content: [] } });
    expect(after?.status).toBe('cancelled');
    expect(after?.result).toBeUndefined();
  });
});

// Two servers over one shared store stand for two processes of a deployment behind a proxy:
// whichever one a client's next request reaches must find the task, and cancel it where it runs.
describe('MCP tasks on a cluster (one shared store, two servers)', () => {
  it('reads and cancels a task started on the other server', async () => {
    signalAborted = undefined;
    hangStarted = false;
    const store = new InMemoryTaskStore();
    const first = await connectInMemory(tools(), { cluster: { tasks: store } }, TASKS as never, '2026-07-28');
    const second = await connectInMemory(
      tools(),
      { cluster: { tasks: store } },
      TASKS as never,
      '2026-07-28',
    );
    try {
      captureTaskAnswers(first.client);
      captureTaskAnswers(second.client);
      const created = await send(first.client, 'tools/call', { name: 'hang', arguments: {} });
      while (!hangStarted) await sleep(5);
      expect((await send(second.client, 'tasks/get', { taskId: created['taskId'] }))['status']).toBe(
        'working',
      );
      await send(second.client, 'tasks/cancel', { taskId: created['taskId'] });
      expect((await until(first.client, created['taskId'], terminal))['status']).toBe('cancelled');
      // Set by the tool, which TypeScript cannot see from here.
      const aborted = signalAborted as { reason: unknown } | undefined;
      expect(ToolError.is(aborted?.reason) && aborted?.reason.kind).toBe('cancelled');
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('prefers tasks.store over the cluster store', async () => {
    const own = new InMemoryTaskStore();
    const clusterStore = new InMemoryTaskStore();
    const { client, close } = await connectInMemory(
      tools(),
      { cluster: { tasks: clusterStore }, tasks: { store: own } },
      TASKS as never,
      '2026-07-28',
    );
    try {
      captureTaskAnswers(client);
      const created = await send(client, 'tools/call', { name: 'broken', arguments: {} });
      expect(await own.get(created['taskId'])).toBeDefined();
      expect(await clusterStore.get(created['taskId'])).toBeUndefined();
    } finally {
      await close();
    }
  });
});
