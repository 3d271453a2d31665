import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import {
  BIN,
  buildFixtures,
  finished,
  isRunning,
  killAll,
  requireBuilt,
  ROOT,
  spawnCli,
  waitFor,
} from './helpers/run-cli';

describe('toolwright serve', () => {
  let fixtures: string;

  beforeAll(async () => {
    requireBuilt('examples/coding-tools/dist/index.js');
    fixtures = await buildFixtures();
  }, 120_000);

  afterAll(killAll);

  it('serves over stdio with nothing but JSON-RPC on stdout, console output going to stderr', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'serve', `${fixtures}/noisy-tools.js`],
      cwd: ROOT,
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const transportErrors: Error[] = [];
    transport.onerror = (error) => void transportErrors.push(error);
    const client = new Client({ name: 'cli-e2e', version: '1.0.0' });
    await client.connect(transport);
    const pid = transport.pid!;
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(['shout']);
      const result = await client.callTool({ name: 'shout', arguments: { text: 'hi' } });
      expect(result.content).toEqual([{ type: 'text', text: 'HI' }]);
    } finally {
      await client.close();
    }
    // A line on stdout that is not JSON-RPC would have surfaced as a transport error.
    expect(transportErrors).toEqual([]);
    expect(stderr).toContain('noisy-tools: console.log at import');
    expect(stderr).toContain('noisy-tools: console.info at import');
    expect(stderr).toContain('noisy-tools: shouting hi');
    expect(stderr).toContain('noisy-tools: a direct stdout write');
    expect(stderr).toContain('toolwright: serving 1 tool over stdio');
    await waitFor(() => !isRunning(pid), 5_000, 'the server to exit after stdin closed');
  });

  it('keeps fd-1 writes and the output of children with inherited stdio off the protocol stream', async () => {
    const child = spawnCli(['serve', 'packages/cli/test/fixtures/js/fd-noise-tools.js']);
    const done = finished(child, 20_000);
    let stdout = '';
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    const send = (message: object): void => void child.stdin!.write(`${JSON.stringify(message)}\n`);
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    });
    await waitFor(() => stdout.includes('"id":1'), 10_000, 'the initialize answer');
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'fd_noise', arguments: {} } });
    await waitFor(() => stdout.includes('"id":2'), 10_000, 'the fd_noise answer');
    child.stdin!.end();
    const run = await done;
    expect(run.code).toBe(0);

    const lines = run.stdout.split('\n').filter((line) => line !== '');
    for (const line of lines) expect((JSON.parse(line) as { jsonrpc?: string }).jsonrpc).toBe('2.0');
    expect(run.stdout).toContain('fd quiet');
    for (const noise of [
      'fd-noise: fs.writeSync(1) at import',
      'fd-noise: fs.writeSync(1)\n',
      'fd-noise: process.stdout.write',
      'fd-noise: inherited child',
      'fd-noise: shell child',
    ]) {
      expect(run.stderr).toContain(noise);
      expect(run.stdout).not.toContain(noise.trim());
    }
  });

  it('serves Streamable HTTP on a loopback port and stops on SIGINT', async () => {
    const child = spawnCli(['serve', 'examples/coding-tools', '--http', '0']);
    child.stdin!.end();
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const done = finished(child, 15_000);
    await waitFor(() => /at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.test(stderr), 10_000, 'the server URL');
    const url = /at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stderr)![1]!;
    const client = new Client({ name: 'cli-e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(
        expect.arrayContaining(['read_file', 'shell', 'run_tests']),
      );
    } finally {
      await client.close();
    }
    child.kill('SIGINT');
    const run = await done;
    expect(run.code).toBe(0);
  });
});
