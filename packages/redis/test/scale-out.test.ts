import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import {
  describeWith,
  freePort,
  startNginx,
  startRedis,
  stopChild,
  waitForPort,
  type Nginx,
  type RedisServer,
} from './services';

// Three `toolwright serve --redis` processes behind nginx, sharing one Redis: the deployment of
// docs/deployment.md, with every process started by the test and one of them killed with SIGKILL.

const ROOT = resolve(__dirname, '../../..');
const BIN = join(ROOT, 'packages/cli/dist/bin.js');
const FIXTURE = join(__dirname, 'fixtures/scale-out-tools.js');
const LEASE_MS = 1500;
const CLUSTER_LIMIT = 3;
const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';
const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'scale-out-test', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': { elicitation: {}, extensions: { [TASKS_EXTENSION]: {} } },
};

type Wire = Record<string, any>;

interface Server {
  readonly route: string;
  readonly port: number;
  child: ChildProcess;
  pid: number;
}

jest.setTimeout(60_000);

async function until<T>(
  read: () => T | Promise<T>,
  done: (value: T) => boolean,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`${what}: still ${JSON.stringify(value)} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** One 2026-07-28 request (stateless: any process may answer it); the JSON-RPC response. */
async function rpc(
  url: string,
  method: string,
  params: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<{ status: number; message: Wire | undefined }> {
  const named = params['name'] ?? params['taskId'];
  const name: Record<string, string> = typeof named === 'string' ? { 'Mcp-Name': named } : {};
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'Mcp-Protocol-Version': '2026-07-28',
      'Mcp-Method': method,
      ...name,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: ENVELOPE } }),
    ...(signal === undefined ? {} : { signal }),
  });
  const text = await response.text();
  if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
    return { status: response.status, message: text === '' ? undefined : (JSON.parse(text) as Wire) };
  }
  const messages = text
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => JSON.parse(line.slice(5)) as Wire);
  return { status: response.status, message: messages.find((message) => message['id'] === 1) };
}

async function result(url: string, method: string, params: Record<string, unknown>): Promise<Wire> {
  const { status, message } = await rpc(url, method, params);
  if (message?.['result'] === undefined)
    throw new Error(`${method} answered ${status} ${JSON.stringify(message)}`);
  return message['result'] as Wire;
}

function text(answer: Wire): string {
  return (answer['content'] as Wire[]).map((block) => block['text']).join('');
}

async function client2025(
  url: string,
): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const client = new Client({ name: 'scale-out-2025', version: '1' }, { capabilities: {} });
  const transport = new StreamableHTTPClientTransport(new URL(url));
  await client.connect(transport);
  return { client, transport };
}

async function client2026(url: string): Promise<Client> {
  const client = new Client(
    { name: 'scale-out-2026', version: '1' },
    { capabilities: {}, versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

describeWith(['redis-server', 'nginx'])('three toolwright processes behind nginx on one Redis', () => {
  let redis: RedisServer;
  let nginx: Nginx;
  let dir: string;
  const servers: Server[] = [];
  const closers: (() => Promise<unknown>)[] = [];
  let labels = 0;
  const label = (): string => `l${(labels += 1)}`;
  const marked = (what: 'started' | 'aborted', name: string): boolean =>
    existsSync(join(dir, `${what}-${name}`));
  const markedBy = (what: 'started' | 'aborted', name: string): number =>
    Number(readFileSync(join(dir, `${what}-${name}`), 'utf8'));
  const direct = (server: Server): string => `http://127.0.0.1:${server.port}/mcp`;

  async function startServer(server: Omit<Server, 'child' | 'pid'>): Promise<Server> {
    const child = spawn(
      process.execPath,
      [
        BIN,
        'serve',
        FIXTURE,
        '--http',
        String(server.port),
        '--redis',
        redis.url,
        '--session-route',
        server.route,
        '--cluster-limit',
        String(CLUSTER_LIMIT),
        '--task-lease',
        String(LEASE_MS),
      ],
      { cwd: ROOT, env: { ...process.env, TOOLWRIGHT_TEST_DIR: dir }, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    await until(
      () => stderr,
      (output) => output.includes('serving') || child.exitCode !== null,
      `process ${server.route} to start`,
      30_000,
    );
    if (child.exitCode !== null) throw new Error(`process ${server.route} did not start: ${stderr}`);
    return { ...server, child, pid: child.pid! };
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'toolwright-scale-out-'));
    redis = await startRedis();
    const ports = [await freePort(), await freePort(), await freePort()];
    for (const [index, port] of ports.entries())
      servers.push(await startServer({ route: `p${index + 1}`, port }));
    nginx = await startNginx(Object.fromEntries(servers.map((server) => [server.route, server.port])));
  });

  afterEach(async () => {
    await Promise.allSettled(closers.splice(0).map((close) => close()));
  });

  afterAll(async () => {
    await nginx?.stop();
    await Promise.all(servers.map((server) => stopChild(server.child, 'SIGTERM')));
    await redis?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 2026-07-28 requests from every process', async () => {
    const pids = new Set<string>();
    for (let index = 0; index < 12; index++)
      pids.add(text(await result(nginx.url, 'tools/call', { name: 'whoami', arguments: {} })));
    expect([...pids].sort()).toEqual(servers.map((server) => String(server.pid)).sort());
  });

  it('runs a task on one process and answers its input and reads its result through any', async () => {
    const created = await result(nginx.url, 'tools/call', { name: 'ask', arguments: {} });
    expect(created).toMatchObject({ resultType: 'task', status: 'working' });
    const taskId = created['taskId'] as string;
    const waiting = await until(
      () => result(nginx.url, 'tasks/get', { taskId }),
      (task) => task['status'] === 'input_required',
      'the task to ask',
    );
    expect(waiting['inputRequests']['color']).toMatchObject({ method: 'elicitation/create' });
    await result(nginx.url, 'tasks/update', {
      taskId,
      inputResponses: { color: { action: 'accept', content: { color: 'teal' } } },
    });
    const done = await until(
      () => result(nginx.url, 'tasks/get', { taskId }),
      (task) => task['status'] === 'completed',
      'the task to complete',
    );
    expect(text(done['result'])).toMatch(/^colour teal in \d+$/);
  });

  it('cancels a task on its process from any process (the tool sees its signal abort)', async () => {
    const name = label();
    const created = await result(nginx.url, 'tools/call', { name: 'slow', arguments: { label: name } });
    const taskId = created['taskId'] as string;
    // Should this test fail early, its task must not go on holding a slot of the cluster limit.
    closers.push(() => result(nginx.url, 'tasks/cancel', { taskId }));
    await until(() => marked('started', name), Boolean, 'the task to start');
    const owner = servers.find((server) => server.pid === markedBy('started', name))!;
    const other = servers.find((server) => server !== owner)!;
    // The tool marks its start before it yields the status message; the owner then writes the
    // message to Redis, so another process sees it a moment later (a loaded CI machine: ~100 ms).
    const running = await until(
      () => result(direct(other), 'tasks/get', { taskId }),
      (task) => task['statusMessage'] !== undefined,
      'the status message to reach another process',
    );
    expect(running).toMatchObject({ status: 'working', statusMessage: `running in ${owner.pid}` });
    await result(direct(other), 'tasks/cancel', { taskId });
    await until(() => marked('aborted', name), Boolean, 'the tool to see the cancellation');
    expect((await result(nginx.url, 'tasks/get', { taskId }))['status']).toBe('cancelled');
  });

  it('cancels a running 2026-07-28 call when its client goes away', async () => {
    const name = label();
    const controller = new AbortController();
    const call = rpc(
      nginx.url,
      'tools/call',
      { name: 'hang', arguments: { label: name } },
      controller.signal,
    );
    await until(() => marked('started', name), Boolean, 'the call to start');
    controller.abort();
    await expect(call).rejects.toThrow();
    await until(() => marked('aborted', name), Boolean, 'the tool to see the cancellation');
  });

  it('keeps each 2025-11-25 session on its owner and cancels its calls there', async () => {
    const { client, transport } = await client2025(nginx.url);
    closers.push(() => client.close());
    const sessionId = transport.sessionId!;
    expect(sessionId).toMatch(/^p[123]\.[0-9a-f-]{36}$/);
    const owner = servers.find((server) => sessionId.startsWith(`${server.route}.`))!;
    for (let index = 0; index < 6; index++) {
      const answer = await client.callTool({ name: 'whoami', arguments: {} });
      expect(text(answer as Wire)).toBe(String(owner.pid));
    }
    const name = label();
    const controller = new AbortController();
    const call = client.callTool({ name: 'hang', arguments: { label: name } }, { signal: controller.signal });
    await until(() => marked('started', name), Boolean, 'the call to start');
    expect(markedBy('started', name)).toBe(owner.pid);
    controller.abort();
    await expect(call).rejects.toThrow();
    await until(() => marked('aborted', name), Boolean, 'the tool to see notifications/cancelled');
  });

  it('tells the clients of every process of a tool-list change made on one', async () => {
    const { client: legacy, transport } = await client2025(nginx.url);
    closers.push(() => legacy.close());
    const owner = servers.find((server) => transport.sessionId!.startsWith(`${server.route}.`))!;
    const modern = await client2026(direct(owner));
    closers.push(() => modern.close());
    let legacyHeard = 0;
    let modernHeard = 0;
    legacy.setNotificationHandler('notifications/tools/list_changed', () => void (legacyHeard += 1));
    modern.setNotificationHandler('notifications/tools/list_changed', () => void (modernHeard += 1));
    const subscription = await modern.listen({ toolsListChanged: true });
    closers.push(async () => subscription.close());
    // The session's GET stream must be open before the change is made.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const elsewhere = servers.find((server) => server !== owner)!;
    await result(direct(elsewhere), 'tools/call', { name: 'grow', arguments: { label: label() } });
    await until(
      () => legacyHeard,
      (count) => count > 0,
      'the 2025-11-25 session to hear of the change',
    );
    await until(
      () => modernHeard,
      (count) => count > 0,
      'the subscriptions/listen stream to hear of the change',
    );
  });

  it('holds one concurrency limit across the processes', async () => {
    const controllers: AbortController[] = [];
    const names: string[] = [];
    const calls: Promise<unknown>[] = [];
    for (let index = 0; index < CLUSTER_LIMIT; index++) {
      const controller = new AbortController();
      const name = label();
      controllers.push(controller);
      names.push(name);
      calls.push(
        rpc(
          direct(servers[index % servers.length]!),
          'tools/call',
          { name: 'hang', arguments: { label: name } },
          controller.signal,
        ).catch(() => undefined),
      );
    }
    try {
      await until(() => names.every((name) => marked('started', name)), Boolean, 'the calls to start');
      for (const server of servers) {
        const refused = await result(direct(server), 'tools/call', { name: 'whoami', arguments: {} });
        expect(refused['isError']).toBe(true);
        expect(refused['_meta']?.['toolwright/error']?.['kind']).toBe('concurrency_limited');
        expect(text(refused)).toBe(
          'The server is running as many tool calls as it allows. Retry whoami in about 0.5 s.',
        );
      }
    } finally {
      for (const controller of controllers) controller.abort();
      await Promise.all(calls);
    }
    await until(
      async () =>
        (await result(nginx.url, 'tools/call', { name: 'whoami', arguments: {} }))['isError'] === true,
      (limited) => !limited,
      'the slots to be released',
    );
  });

  it('survives kill -9 of a process: its tasks fail within the lease, other calls go on, and it rejoins', async () => {
    const victim = servers[2]!;
    const survivor = servers[0]!;
    // A task on the victim, and a call running on a survivor across the kill.
    const taskName = label();
    const created = await result(direct(victim), 'tools/call', {
      name: 'slow',
      arguments: { label: taskName },
    });
    const taskId = created['taskId'] as string;
    await until(() => marked('started', taskName), Boolean, 'the task to start');
    const callName = label();
    const controller = new AbortController();
    const survivingCall = rpc(
      direct(survivor),
      'tools/call',
      { name: 'hang', arguments: { label: callName } },
      controller.signal,
    );
    await until(() => marked('started', callName), Boolean, 'the call to start');

    // A 2025-11-25 session the victim owns.
    let session: string | undefined;
    for (let attempt = 0; attempt < 20 && session === undefined; attempt++) {
      const { client, transport } = await client2025(nginx.url);
      closers.push(() => client.close());
      if (transport.sessionId!.startsWith(`${victim.route}.`)) session = transport.sessionId;
    }
    expect(session).toBeDefined();

    // Calls through nginx while the process dies: each settles once, at once — a result, nginx's
    // 502 (the process was gone), or a broken connection (it died while answering) — never a hang.
    const burst = Array.from({ length: 30 }, (_, index) =>
      new Promise((resolve) => setTimeout(resolve, index * 10)).then(() =>
        rpc(nginx.url, 'tools/call', { name: 'whoami', arguments: {} }, AbortSignal.timeout(10_000)).then(
          ({ status, message }) =>
            status === 200 && message?.['result'] !== undefined ? 'result' : String(status),
          (error: unknown) => ((error as Error).name === 'TimeoutError' ? 'no answer' : 'broken'),
        ),
      ),
    );
    const killedAt = Date.now();
    victim.child.kill('SIGKILL');
    const answers = await Promise.all(burst);
    expect(answers.filter((answer) => !['result', '502', 'broken'].includes(answer))).toEqual([]);
    // Only what was in flight on the victim can fail: most of the burst is answered.
    expect(answers.filter((answer) => answer === 'result').length).toBeGreaterThanOrEqual(15);

    const failed = await until(
      () => result(nginx.url, 'tasks/get', { taskId }),
      (task) => task['status'] !== 'working',
      'the dead process’s task to end',
      LEASE_MS + 5000,
    );
    expect(Date.now() - killedAt).toBeLessThan(LEASE_MS + 3000);
    expect(failed).toMatchObject({
      status: 'failed',
      error: { message: 'The server process running this task stopped before it finished.' },
    });
    // The session died with its owner: 404, and its client initializes again.
    const gone = await fetch(nginx.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        'Mcp-Protocol-Version': '2025-11-25',
        'Mcp-Session-Id': session!,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list', params: {} }),
    });
    expect(gone.status).toBe(404);
    expect(await gone.json()).toMatchObject({ error: { code: -32001, message: 'Session not found.' } });
    // The survivor's call never noticed.
    expect(marked('aborted', callName)).toBe(false);
    for (let index = 0; index < 10; index++)
      expect(text(await result(nginx.url, 'tools/call', { name: 'whoami', arguments: {} }))).not.toBe(
        String(victim.pid),
      );
    controller.abort();
    await survivingCall.catch(() => undefined);

    // Started again on its port, it serves through nginx once more.
    const restarted = await startServer({ route: victim.route, port: victim.port });
    servers[2] = restarted;
    await waitForPort(restarted.port);
    await until(
      async () => text(await result(nginx.url, 'tools/call', { name: 'whoami', arguments: {} })),
      (pid) => pid === String(restarted.pid),
      'the restarted process to rejoin',
    );
  });
  it('degrades as documented while Redis is down, and recovers when it is back', async () => {
    await redis.stop(true);
    try {
      // Calls that need no task go on, on every process.
      for (const server of servers)
        expect(text(await result(direct(server), 'tools/call', { name: 'whoami', arguments: {} }))).toBe(
          String(server.pid),
        );
      // A task call is refused with a typed error, not lost.
      const refused = await result(nginx.url, 'tools/call', { name: 'slow', arguments: { label: label() } });
      expect(refused['isError']).toBe(true);
      expect(refused['_meta']?.['toolwright/error']?.['kind']).toBe('unavailable');
      expect(text(refused)).toBe('The task store is unavailable; retry shortly.');
    } finally {
      await redis.restart();
    }
    const name = label();
    const created = await until(
      () => result(nginx.url, 'tools/call', { name: 'slow', arguments: { label: name } }),
      (answer) => answer['resultType'] === 'task',
      'a task call to work again',
    );
    await until(() => marked('started', name), Boolean, 'the task to start');
    await result(nginx.url, 'tasks/cancel', { taskId: created['taskId'] });
    await until(() => marked('aborted', name), Boolean, 'the task to be cancelled');
  });
});

/** The first of `count` consecutive loopback ports that are free now. */
async function consecutiveFreePorts(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const first = await freePort();
    if (first + count - 1 > 65535) continue;
    const free = await Promise.all(
      Array.from({ length: count - 1 }, (_, index) => portIsFree(first + index + 1)),
    );
    if (free.every(Boolean)) return first;
  }
  throw new Error(`no ${count} consecutive free ports`);
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

describeWith(['redis-server'])('toolwright serve with Redis', () => {
  it('exits 1 with a clear message when Redis is unreachable at start', async () => {
    const port = await freePort();
    const child = spawn(
      process.execPath,
      [BIN, 'serve', FIXTURE, '--http', '0', '--redis', `redis://127.0.0.1:${port}`],
      {
        cwd: ROOT,
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain(`Could not connect to Redis at redis://127.0.0.1:${port}: connect ECONNREFUSED`);
  });

  it('--processes starts that many processes on consecutive ports and starts one that dies again', async () => {
    const redis = await startRedis();
    const port = await consecutiveFreePorts(2);
    const second = port + 1;
    const child = spawn(
      process.execPath,
      [BIN, 'serve', FIXTURE, '--http', String(port), '--processes', '2', '--redis', redis.url],
      { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    try {
      await waitForPort(port, 30_000);
      await waitForPort(second, 30_000);
      const pidOf = async (at: number): Promise<string> =>
        text(await result(`http://127.0.0.1:${at}/mcp`, 'tools/call', { name: 'whoami', arguments: {} }));
      const before = await until(
        () => pidOf(second).catch(() => ''),
        (pid) => pid !== '',
        'p2 to serve',
      );
      expect(stderr).toContain(`process p2 (pid ${before}) on port ${second}`);
      process.kill(Number(before), 'SIGKILL');
      const after = await until(
        () => pidOf(second).catch(() => before),
        (pid) => pid !== before,
        'p2 to be started again',
      );
      expect(stderr).toContain('process p2 ended (SIGKILL); starting it again');
      expect(after).toMatch(/^\d+$/);
      child.kill('SIGTERM');
      expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(0);
    } finally {
      await stopChild(child, 'SIGKILL');
      await redis.stop();
    }
  });
});
