import { execFileSync } from 'node:child_process';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { type CallToolResult, type Progress } from '@modelcontextprotocol/client';
import type { ToolServerHandle } from '@toolwright/registry';
import { createMcpHttpHandler, type McpHttpHandler } from '@toolwright/mcp/node';
import { createCodingRegistry } from '@toolwright/example-coding-tools';
import { sleep, waitFor } from './helpers';
import { httpClient } from './http-helpers';

// The example coding tools, served over stdio (the built example, in a child process) and over
// Streamable HTTP (in this process, through the endpoint serveMcp mounts), exercised by the SDK's own client.
const STDIO_FIXTURE = join(__dirname, 'fixtures', 'coding-tools-stdio.js');
const BUILT_EXAMPLE = join(__dirname, '..', '..', '..', 'examples', 'coding-tools', 'dist', 'index.js');

function text(result: CallToolResult): string {
  return result.content.map((block) => (block.type === 'text' ? block.text : `[${block.type}]`)).join('\n');
}

function makeWorkspace(): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'mcp-coding-tools-')));
  writeFileSync(join(root, 'hello.txt'), 'first line\nsecond line\n');
  return root;
}

function noSuchProcess(pattern: string): boolean {
  try {
    execFileSync('pgrep', ['-f', pattern], { stdio: 'ignore' });
    return false;
  } catch {
    return true;
  }
}

/** The same checks for both transports: list, call, progress, error, cancel, list_changed. */
function exerciseCodingTools(connect: () => { client: Client; change: () => void }, marker: string): void {
  it('lists the coding tools with their annotations', async () => {
    const { client } = connect();
    const { tools } = await client.listTools();
    const names = tools.map((tool) => tool.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'read_file',
        'write_file',
        'edit',
        'grep',
        'glob',
        'list_dir',
        'shell',
        'run_tests',
      ]),
    );
    const shell = tools.find((tool) => tool.name === 'shell')!;
    expect(shell.annotations).toEqual({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: false,
      openWorldHint: true,
    });
    expect(shell._meta?.['toolwright/tool']).toMatchObject({ kind: 'shell', namespace: 'native' });
  });

  it('calls read_file, and reports a missing file as an isError result', async () => {
    const { client } = connect();
    const read = (await client.callTool({
      name: 'read_file',
      arguments: { path: 'hello.txt' },
    })) as CallToolResult;
    expect(read.isError).toBeUndefined();
    expect(text(read)).toContain('second line');
    const missing = (await client.callTool({
      name: 'read_file',
      arguments: { path: 'nope.txt' },
    })) as CallToolResult;
    expect(missing.isError).toBe(true);
    expect(text(missing)).toMatch(/nope\.txt/);
    const invalid = (await client.callTool({
      name: 'read_file',
      arguments: { path: 'hello.txt', offset: 'ten' },
    })) as CallToolResult;
    expect(invalid.isError).toBe(true);
    expect(text(invalid)).toMatch(/offset/);
  });

  it('streams shell output as progress notifications', async () => {
    const { client } = connect();
    const progress: Progress[] = [];
    const result = await client.request(
      {
        method: 'tools/call',
        params: { name: 'shell', arguments: { command: 'echo one; sleep 0.05; echo two' } },
      },
      { onprogress: (item) => progress.push(item) },
    );
    expect(text(result)).toMatch(/one[\s\S]*two/);
    expect(progress.map((item) => item.message).join('\n')).toMatch(/one[\s\S]*two/);
  });

  it('stops a cancelled shell command', async () => {
    const { client } = connect();
    const pattern = `sleep 3${marker}.25`;
    const controller = new AbortController();
    const call = client.callTool(
      { name: 'shell', arguments: { command: pattern } },
      {
        signal: controller.signal,
      },
    );
    await waitFor(() => !noSuchProcess(pattern), 10_000);
    controller.abort('stop');
    await expect(call).rejects.toThrow();
    await waitFor(() => noSuchProcess(pattern), 10_000);
  });

  it('announces a runtime change of the tool set once', async () => {
    const { client, change } = connect();
    let changes = 0;
    client.setNotificationHandler('notifications/tools/list_changed', () => {
      changes += 1;
    });
    change();
    await waitFor(() => changes === 1, 10_000);
    await sleep(50);
    expect(changes).toBe(1);
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).not.toContain('glob');
    expect(names).not.toContain('list_dir');
    expect(names).toContain('read_file');
  });
}

describe('the example coding tools served over stdio', () => {
  let workspace: string;
  let client: Client;
  let transport: StdioClientTransport;

  beforeAll(async () => {
    if (!existsSync(BUILT_EXAMPLE))
      throw new Error('examples/coding-tools is not built: run `npm run build` first.');
    workspace = makeWorkspace();
    transport = new StdioClientTransport({
      command: process.execPath,
      args: [STDIO_FIXTURE],
      env: { ...getDefaultEnvironment(), TOOLWRIGHT_WORKSPACE: workspace },
      stderr: 'pipe',
    });
    client = new Client({ name: 'coding-stdio-test', version: '1.0.0' });
    await client.connect(transport);
  }, 30_000);

  afterAll(async () => {
    await client.close();
    rmSync(workspace, { recursive: true, force: true });
  });

  exerciseCodingTools(() => ({ client, change: () => process.kill(transport.pid!, 'SIGUSR2') }), '1');
});

describe('the example coding tools served over Streamable HTTP', () => {
  let workspace: string;
  let handle: ToolServerHandle;
  let handler: McpHttpHandler;
  let server: HttpServer;
  let client: Client;
  let streams = 0;

  beforeAll(async () => {
    workspace = makeWorkspace();
    handle = createCodingRegistry({ root: workspace }).finalize();
    handler = createMcpHttpHandler(handle);
    server = createServer((request, response) => {
      if (request.method === 'GET') streams += 1;
      void handler(request, response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    client = await httpClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`);
    // The client's standalone SSE stream carries list_changed: let it open.
    await waitFor(() => streams > 0, 10_000);
    await sleep(50);
  });

  afterAll(async () => {
    await client.close();
    await handler.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(workspace, { recursive: true, force: true });
  });

  exerciseCodingTools(() => ({ client, change: () => handle.remove(['glob', 'list_dir']) }), '2');
});
