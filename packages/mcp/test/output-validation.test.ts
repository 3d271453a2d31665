import 'reflect-metadata';
import {
  Client,
  InMemoryTransport,
  type CallToolResult,
  type Tool as McpTool,
} from '@modelcontextprotocol/client';
import { Server } from '@modelcontextprotocol/server';
import { Param, Tool, type OutputMismatch } from '@toolwright/core';
import { ToolRegistry, type ToolServerHandle } from '@toolwright/registry';
import { importMcpTools, type ImportMcpToolsOptions, type McpImport } from '@toolwright/mcp';
import { connectInMemory, REVISIONS } from './helpers';

function text(result: CallToolResult): string {
  return result.content.map((block) => (block.type === 'text' ? block.text : `[${block.type}]`)).join('\n');
}

function countRegistry(output: unknown, options: ConstructorParameters<typeof ToolRegistry>[0] = {}) {
  class CountOutput {
    @Param({ integer: true, minimum: 0 })
    count!: number;

    @Param()
    label!: string;
  }
  class Counter {
    @Tool({ name: 'count', description: 'Counts.', readOnly: true, output: CountOutput })
    count(): unknown {
      return output;
    }
  }
  return new ToolRegistry(options).tool(Counter).finalize();
}

describe('output validation on the MCP server', () => {
  it.each(REVISIONS)(
    'serves a mismatching output as an isError result, never as structured content (%s)',
    async (revision) => {
      const { client, close } = await connectInMemory(
        countRegistry({ count: -5, label: 'files' }),
        {},
        {},
        revision,
      );
      try {
        const result = (await client.callTool({ name: 'count', arguments: {} })) as CallToolResult;
        expect(result.isError).toBe(true);
        expect(result.structuredContent).toBeUndefined();
        expect(text(result)).toBe(
          [
            'count returned output that does not match its declared output:',
            '  - count: expected an integer >= 0, received -5',
            'This is a fault in count, not in the arguments; the same call returns the same output. Try different arguments or another approach.',
          ].join('\n'),
        );
      } finally {
        await close();
      }
    },
  );

  it('serves a matching output as structured content, and a warned one too', async () => {
    const heard: OutputMismatch[] = [];
    for (const [handle, expected] of [
      [countRegistry({ count: 2, label: 'a' }), { count: 2, label: 'a' }],
      [
        countRegistry(
          { count: -1, label: 'a' },
          { outputValidation: 'warn', onOutputMismatch: (m) => heard.push(m) },
        ),
        { count: -1, label: 'a' },
      ],
    ] as const) {
      const { client, close } = await connectInMemory(handle);
      try {
        const result = await client.request({
          method: 'tools/call',
          params: { name: 'count', arguments: {} },
        });
        expect(result.isError ?? false).toBe(false);
        expect(result.structuredContent).toEqual(expected);
      } finally {
        await close();
      }
    }
    expect(heard.map((m) => [m.tool, m.mode])).toEqual([['count', 'warn']]);
  });
});

describe('output validation of imported MCP tools', () => {
  const opened: McpImport[] = [];
  const clients: Client[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((imported) => imported.close()));
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });

  const outputSchema = {
    type: 'object',
    properties: {
      count: { type: 'integer', minimum: 0 },
      items: {
        type: 'array',
        items: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
      },
    },
    required: ['count'],
  };

  // A bare-SDK server (no output checks of its own) whose `stats` tool returns `structured`.
  async function importStats(
    structured: unknown,
    handle: ToolServerHandle,
    options: ImportMcpToolsOptions = {},
    schema: Record<string, unknown> = outputSchema,
    isError = false,
  ): Promise<McpImport> {
    const tools: McpTool[] = [
      {
        name: 'stats',
        description: 'Stats.',
        inputSchema: { type: 'object' },
        outputSchema: schema,
      } as McpTool,
    ];
    const server = new Server({ name: 'remote', version: '1.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler('tools/list', async () => ({ tools }));
    server.setRequestHandler('tools/call', async () => ({
      content: [{ type: 'text', text: JSON.stringify(structured) }],
      structuredContent: structured as Record<string, unknown>,
      ...(isError ? { isError: true } : {}),
    }));
    const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'importer', version: '1.0.0' });
    await client.connect(clientSide);
    clients.push(client);
    const imported = await importMcpTools(client, handle, { prefix: '', ...options });
    opened.push(imported);
    return imported;
  }

  it('passes a matching structured content through', async () => {
    const handle = new ToolRegistry().finalize();
    await importStats({ count: 2, items: [{ id: 'a' }] }, handle);
    const result = await handle.call('stats', {});
    expect(result.ok && result.structuredContent).toEqual({ count: 2, items: [{ id: 'a' }] });
  });

  it('turns a mismatching structured content into an invalid_output result, nested paths included', async () => {
    const handle = new ToolRegistry().finalize();
    await importStats({ count: -5, items: [{ id: 'a' }, { name: 'b' }] }, handle);
    const result = await handle.call('stats', {});
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.kind).toBe('invalid_output');
    expect(result.error.modelText.split('\n')).toEqual([
      'stats returned output that does not match its declared output:',
      '  - count: expected a value that must be >= 0, received -5',
      '  - items[1].id: expected a value (required), received nothing',
      'This is a fault in stats, not in the arguments; the same call returns the same output. Try different arguments or another approach.',
    ]);
  });

  it('follows the modes: the import option over the registry', async () => {
    const warned = new ToolRegistry({ outputValidation: 'warn' }).finalize();
    await importStats({ count: -5 }, warned);
    expect((await warned.call('stats', {})).ok).toBe(true);
    const strictImport = new ToolRegistry({ outputValidation: 'off' }).finalize();
    await importStats({ count: -5 }, strictImport, { outputValidation: 'strict' });
    expect((await strictImport.call('stats', {})).ok).toBe(false);
    const off = new ToolRegistry().finalize();
    await importStats({ count: -5 }, off, { outputValidation: 'off' });
    expect((await off.call('stats', {})).ok).toBe(true);
  });

  it('leaves a remote error result alone', async () => {
    const handle = new ToolRegistry().finalize();
    await importStats({ count: -5 }, handle, {}, outputSchema, true);
    const result = await handle.call('stats', {});
    expect(!result.ok && result.error.kind).toBe('execution_failed');
  });

  it('skips a tool whose output schema does not compile, with the reason', async () => {
    const handle = new ToolRegistry().finalize();
    const imported = await importStats(
      { count: 1 },
      handle,
      {},
      { type: 'object', properties: { a: { type: 'nonsense' } } },
    );
    expect(imported.names()).toEqual([]);
    expect(imported.problems()).toEqual([
      expect.objectContaining({
        code: 'schema_rejected',
        remoteName: 'stats',
        message: expect.stringMatching(
          /^stats was not imported: its output schema was refused \(the schema does not compile/,
        ),
      }),
    ]);
    const unchecked = new ToolRegistry().finalize();
    const offImport = await importStats(
      { count: 1 },
      unchecked,
      { outputValidation: 'off' },
      { type: 'object', properties: { a: { type: 'nonsense' } } },
    );
    expect(offImport.names()).toEqual(['stats']);
  });
});
