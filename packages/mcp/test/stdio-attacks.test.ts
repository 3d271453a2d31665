import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { waitFor } from './helpers';

// Hostile input and hostile tools on MCP stdio (F13, F22), against the built packages.
const FIXTURE = join(__dirname, 'fixtures', 'stdio-fd-server.js');
const BUILT = join(__dirname, '..', 'dist', 'node.js');

beforeAll(() => {
  if (!existsSync(BUILT))
    throw new Error('packages/mcp is not built: run `npm run build` before these tests.');
});

interface Server {
  readonly child: ChildProcess;
  readonly input: Writable;
  /** Every line read from the protocol's descriptor so far. */
  protocol(): string;
  /** What the server wrote to fd 1 when that is not the protocol's. */
  fd1(): string;
  stderr(): string;
  readonly exited: Promise<number | null>;
  send(message: object): void;
}

function start(env: Record<string, string>, protocolFd?: number): Server {
  const child = spawn(process.execPath, [FIXTURE], {
    stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
    env: { ...process.env, ...env, ...(protocolFd === undefined ? {} : { PROTOCOL_FD: String(protocolFd) }) },
  });
  const collect = (stream: Readable | null | undefined): (() => string) => {
    let text = '';
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => (text += chunk));
    return () => text;
  };
  const stdout = collect(child.stdout);
  const fd3 = collect(child.stdio[3] as Readable);
  const stderr = collect(child.stderr);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const input = child.stdin!;
  return {
    child,
    input,
    protocol: protocolFd === undefined ? stdout : fd3,
    fd1: stdout,
    stderr,
    exited,
    send: (message) => void input.write(`${JSON.stringify(message)}\n`),
  };
}

function messages(text: string): Record<string, any>[] {
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, any>);
}

async function initialize(server: Server): Promise<void> {
  server.send({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  });
  await waitFor(() => server.protocol().includes('"id":1'), 10_000);
  server.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
}

const running: Server[] = [];
afterAll(() => {
  for (const server of running) if (server.child.exitCode === null) server.child.kill('SIGKILL');
});

describe('MCP stdio under oversized and malformed lines (F22)', () => {
  it('answers a line over the cap with an error for its id, then serves the next request; exits 0 when stdin closes', async () => {
    const server = start({ MAX_LINE_BYTES: String(64 * 1024) });
    running.push(server);
    await initialize(server);
    // 1 MiB of arguments, in pieces, as a client streams a large request.
    const big = JSON.stringify({
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: { name: 'echo', arguments: { text: 'x'.repeat(1024 * 1024) } },
    });
    for (let offset = 0; offset < big.length; offset += 100_000)
      server.input.write(big.slice(offset, offset + 100_000));
    server.input.write('\n');
    server.send({
      jsonrpc: '2.0',
      id: 8,
      method: 'tools/call',
      params: { name: 'echo', arguments: { text: 'after' } },
    });
    await waitFor(() => server.protocol().includes('"id":8'), 10_000);

    const answers = messages(server.protocol());
    expect(answers.find((message) => message['id'] === 7)?.['error']).toEqual({
      code: -32600,
      message: expect.stringContaining('longer than 65536 bytes'),
    });
    expect(answers.find((message) => message['id'] === 8)?.['result']).toMatchObject({
      content: [{ type: 'text', text: 'echo: after' }],
    });

    server.input.end();
    expect(await server.exited).toBe(0);
    expect(server.stderr()).toContain('stdio-fd-fixture: closed');
  });

  it('answers a line that is not JSON, or not JSON-RPC, and keeps serving', async () => {
    const server = start({});
    running.push(server);
    await initialize(server);
    server.input.write('this is not json\n');
    server.input.write('{"jsonrpc":"2.0","id":5,"params":{}}\n');
    server.send({
      jsonrpc: '2.0',
      id: 9,
      method: 'tools/call',
      params: { name: 'echo', arguments: { text: 'still' } },
    });
    await waitFor(() => server.protocol().includes('"id":9'), 10_000);
    const answers = messages(server.protocol());
    expect(
      answers
        .filter((message) => message['error'] !== undefined)
        .map((message) => [message['id'], message['error'].code]),
    ).toEqual([
      [null, -32700],
      [5, -32600],
    ]);
    expect(answers.find((message) => message['id'] === 9)?.['result']).toMatchObject({
      content: [{ type: 'text', text: 'echo: still' }],
    });
    server.input.end();
    expect(await server.exited).toBe(0);
  });
});

describe('MCP stdio with the protocol on its own descriptor (F13)', () => {
  it('keeps fd-1 writes and inherited-stdout children out of the protocol stream', async () => {
    const server = start({}, 3);
    running.push(server);
    await initialize(server);
    server.send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'fd_noise', arguments: {} } });
    await waitFor(() => server.protocol().includes('"id":2'), 10_000);
    server.input.end();
    expect(await server.exited).toBe(0);

    for (const message of messages(server.protocol())) expect(message['jsonrpc']).toBe('2.0');
    expect(messages(server.protocol()).find((message) => message['id'] === 2)?.['result']).toMatchObject({
      content: [{ type: 'text', text: 'fd quiet' }],
    });
    const noise = server.fd1() + server.stderr();
    for (const line of [
      'fd-noise: fs.writeSync(1)',
      'fd-noise: process.stdout.write',
      'fd-noise: inherited child',
      'fd-noise: shell child',
    ]) {
      expect(noise).toContain(line);
      expect(server.protocol()).not.toContain(line);
    }
  });
});
