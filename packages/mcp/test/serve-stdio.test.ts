import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { type CallToolResult, type Progress } from '@modelcontextprotocol/client';
import { sleep, waitFor } from './helpers';

// The fixture runs on the built packages (`npm test` builds first), as a real stdio server would.
const FIXTURE = join(__dirname, 'fixtures', 'stdio-server.js');
const BUILT = join(__dirname, '..', 'dist', 'node.js');

function text(result: CallToolResult): string {
  return result.content.map((block) => (block.type === 'text' ? block.text : `[${block.type}]`)).join('\n');
}

beforeAll(() => {
  if (!existsSync(BUILT))
    throw new Error('packages/mcp is not built: run `npm run build` before these tests.');
});

describe('serveMcp over stdio, exercised by the SDK client', () => {
  let client: Client;
  let stderr = '';

  beforeAll(async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [FIXTURE],
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    client = new Client({ name: 'stdio-test', version: '1.0.0' });
    await client.connect(transport);
  });

  afterAll(async () => {
    await client.close();
  });

  it('lists and calls tools, with progress, errors and cancellation', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'echo',
      'noisy',
      'count',
      'slow',
      'aborted_count',
      'fail',
      'add_tools',
    ]);
    expect(text((await client.callTool({ name: 'echo', arguments: { text: 'hi' } })) as CallToolResult)).toBe(
      'echo: hi',
    );
    expect(text((await client.callTool({ name: 'noisy', arguments: {} })) as CallToolResult)).toBe(
      'quiet result',
    );

    const progress: Progress[] = [];
    const counted = await client.request(
      { method: 'tools/call', params: { name: 'count', arguments: { to: 3 } } },
      { onprogress: (item) => progress.push(item) },
    );
    expect(text(counted)).toBe('counted to 3');
    expect(progress.map((item) => [item.progress, item.total, item.message])).toEqual([
      [1, 3, 'step 1'],
      [2, 3, 'step 2'],
      [3, 3, 'step 3'],
    ]);

    const failed = (await client.callTool({ name: 'fail', arguments: {} })) as CallToolResult;
    expect(failed.isError).toBe(true);
    expect(text(failed)).not.toContain('ghp_SECRET');

    const controller = new AbortController();
    const slow = client.callTool({ name: 'slow', arguments: {} }, { signal: controller.signal });
    await sleep(100);
    controller.abort('stop');
    await expect(slow).rejects.toThrow();
    let reported = '';
    for (let attempt = 0; attempt < 100 && reported !== 'aborted 1'; attempt++) {
      reported = text((await client.callTool({ name: 'aborted_count', arguments: {} })) as CallToolResult);
      if (reported !== 'aborted 1') await sleep(20);
    }
    expect(reported).toBe('aborted 1');
    // What tools printed went to stderr.
    expect(stderr).toContain('noisy: console.log');
    expect(stderr).toContain('noisy-tools: loaded');
  });

  it('announces a runtime change of the tool set once per batch', async () => {
    let changes = 0;
    client.setNotificationHandler('notifications/tools/list_changed', () => {
      changes += 1;
    });
    expect(text((await client.callTool({ name: 'add_tools', arguments: {} })) as CallToolResult)).toBe(
      'added batch 1',
    );
    await waitFor(() => changes === 1);
    await sleep(50);
    expect(changes).toBe(1);
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names.slice(-2)).toEqual(['extra_1_a', 'extra_1_b']);
  });
});

describe('MCP stdio keeps stdout for JSON-RPC alone (F13)', () => {
  let child: ChildProcessWithoutNullStreams | undefined;

  afterAll(() => {
    if (child !== undefined && child.exitCode === null) child.kill('SIGKILL');
  });

  it('writes nothing but JSON-RPC lines to stdout while tools print, and exits when stdin closes', async () => {
    child = spawn(process.execPath, [FIXTURE], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    const send = (message: object): void => {
      child!.stdin.write(`${JSON.stringify(message)}\n`);
    };
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    });
    await waitFor(() => stdout.includes('"id":1'), 10_000);
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'noisy', arguments: {} } });
    send({
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'count', arguments: { to: 2 }, _meta: { progressToken: 'p' } },
    });
    await waitFor(() => stdout.includes('"id":2') && stdout.includes('"id":3'), 10_000);
    child.stdin.end();
    expect(await exited).toBe(0);

    const lines = stdout.split('\n').filter((line) => line !== '');
    expect(lines.length).toBeGreaterThanOrEqual(5);
    for (const line of lines) {
      const message = JSON.parse(line) as Record<string, unknown>;
      expect(message['jsonrpc']).toBe('2.0');
    }
    const messages = lines.map((line) => JSON.parse(line) as Record<string, any>);
    expect(messages.find((message) => message['id'] === 2)?.['result']).toMatchObject({
      content: [{ type: 'text', text: 'quiet result' }],
    });
    expect(messages.filter((message) => message['method'] === 'notifications/progress')).toHaveLength(2);
    for (const noise of [
      'noisy: console.log',
      'noisy: console.info',
      'noisy: console.debug',
      'noisy: process.stdout.write',
      'count: step 1',
    ]) {
      expect(stderr).toContain(noise);
      expect(stdout).not.toContain(noise);
    }
  });
});
