import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { McpServer } from '@modelcontextprotocol/server';
import { ToolRegistry } from '@toolwright/registry';
import { importMcpTools, type ImportMcpToolsOptions, type McpImport } from '@toolwright/mcp';
import { z } from 'zod';

/** A real SDK v2 McpServer whose tools carry (or lack) annotations, imported into a fresh handle. */
async function importAnnotated(options: ImportMcpToolsOptions = {}) {
  const server = new McpServer({ name: 'remote', version: '1.0.0' });
  const text = z.object({ text: z.string() });
  const answer = async () => ({ content: [{ type: 'text' as const, text: 'ok' }] });
  server.registerTool(
    'lookup',
    { description: 'Look up.', inputSchema: text, annotations: { readOnlyHint: true } },
    answer,
  );
  server.registerTool(
    'post',
    { description: 'Post.', inputSchema: text, annotations: { readOnlyHint: false } },
    answer,
  );
  server.registerTool('plain', { description: 'No hints.', inputSchema: text }, answer);
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'importer', version: '1.0.0' });
  await client.connect(clientSide);
  const handle = new ToolRegistry().finalize();
  const imported = await importMcpTools(client, handle, options);
  return { handle, imported, close: () => Promise.all([imported.close(), client.close(), server.close()]) };
}

function kinds(handle: ReturnType<ToolRegistry['finalize']>, imported: McpImport) {
  return Object.fromEntries(
    imported.names().map((name) => {
      const tool = handle.get(name)!;
      return [imported.remoteName(name), { kind: tool.kind, readOnly: tool.readOnly }];
    }),
  );
}

describe('importMcpTools: kinds of imported tools', () => {
  const opened: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((close) => close()));
  });

  it('makes a readOnlyHint tool read-only (kind read) and every other tool other', async () => {
    const { handle, imported, close } = await importAnnotated();
    opened.push(close);
    expect(kinds(handle, imported)).toEqual({
      lookup: { kind: 'read', readOnly: true },
      post: { kind: 'other', readOnly: false },
      plain: { kind: 'other', readOnly: false },
    });
    // What a model sees says so too.
    const mcp = handle.definitions('mcp').find((entry) => entry.name === 'remote__lookup')!;
    expect(mcp.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
  });

  it("takes the host's kinds by remote name, over the remote's hints", async () => {
    const { handle, imported, close } = await importAnnotated({
      kinds: { post: 'web_search', lookup: 'write' },
    });
    opened.push(close);
    expect(kinds(handle, imported)).toEqual({
      lookup: { kind: 'write', readOnly: false },
      post: { kind: 'web_search', readOnly: true },
      plain: { kind: 'other', readOnly: false },
    });
  });

  it('takes a mapping function, which sees the remote annotations; undefined keeps the default', async () => {
    const seen: Record<string, unknown> = {};
    const { handle, imported, close } = await importAnnotated({
      kinds: (tool) => {
        seen[tool.remoteName] = tool.annotations;
        return tool.remoteName === 'plain' ? 'search' : undefined;
      },
    });
    opened.push(close);
    expect(seen).toEqual({ lookup: { readOnlyHint: true }, post: { readOnlyHint: false }, plain: {} });
    expect(kinds(handle, imported)).toEqual({
      lookup: { kind: 'read', readOnly: true },
      post: { kind: 'other', readOnly: false },
      plain: { kind: 'search', readOnly: true },
    });
  });

  it('skips a tool the mapping gives an unknown kind, with a problem that says so', async () => {
    const { imported, close } = await importAnnotated({
      kinds: { plain: 'telepathy' as never },
    });
    opened.push(close);
    expect(imported.names()).toEqual(['remote__lookup', 'remote__post']);
    expect(imported.problems()).toContainEqual({
      code: 'invalid_definition',
      remoteName: 'plain',
      localName: 'remote__plain',
      message: `plain was not imported: the host's kind mapping gives "telepathy", which is not a ToolKind`,
    });
  });
});
