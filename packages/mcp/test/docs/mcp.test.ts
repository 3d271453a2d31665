import 'reflect-metadata';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/client';
import { type CallToolResult } from '@modelcontextprotocol/client';
import { Param, Tool, type ToolCallContext } from '@toolwright/core';
import { ToolRegistry, type ToolServerHandle } from '@toolwright/registry';
import { connectMcpServer, createMcpServer, McpSession } from '@toolwright/mcp';
import { createMcpHttpHandler, importMcpTools, InMemoryEventStore, serveMcp } from '@toolwright/mcp/node';
import { httpClient } from '../http-helpers';

// The snippets of docs/mcp.md, compiled and run here.

class SummarizeArgs {
  @Param({ description: 'The text to summarize', minLength: 1 })
  text!: string;
}

// #region session-tool
@Tool({
  name: 'summarize',
  description: "Summarize a text with the client's model.",
  readOnly: true,
  args: SummarizeArgs,
})
class Summarize {
  async run(args: SummarizeArgs, ctx: ToolCallContext): Promise<string> {
    await ctx.get(McpSession)?.log('info', `summarizing ${args.text.length} characters`);
    const reply = await ctx.sample({
      messages: [{ role: 'user', content: { type: 'text', text: `Summarize:\n${args.text}` } }],
      maxTokens: 200,
    }); // a ToolError (not_implemented) when the client cannot sample
    return reply.content.type === 'text' ? reply.content.text : '(no text)';
  }
}
// #endregion

// #region elicit-tool
class DeployConfirmation {
  @Param({ description: 'Deploy now?', default: false })
  confirm!: boolean;

  @Param({ description: 'Where to deploy', enum: ['staging', 'production'], default: 'staging' })
  target!: 'staging' | 'production';
}

class Deploys {
  @Tool({ name: 'deploy', description: 'Deploy the current build, after asking.', kind: 'write' })
  async deploy(ctx: ToolCallContext): Promise<string> {
    const answer = await ctx.elicit({ message: 'Deploy the build?', args: DeployConfirmation });
    if (answer.action !== 'accept' || !answer.content.confirm) return 'Not deployed.';
    return `Deployed to ${answer.content.target}.`; // answer.content is a DeployConfirmation
  }
}
// #endregion

function handle(): ToolServerHandle {
  return new ToolRegistry().tool(Summarize).finalize();
}

// #region serve-stdio
async function main(): Promise<void> {
  const tools = new ToolRegistry().tool(Summarize).finalize();
  const serving = await serveMcp(tools, { transport: 'stdio' });
  await serving.closed; // the client closed stdin
}
// #endregion

describe('docs/mcp.md', () => {
  it('has a stdio entry point (compiled here; run over stdio in serve-stdio.test.ts)', () => {
    expect(typeof main).toBe('function');
  });

  it('serves over Streamable HTTP', async () => {
    const tools = handle();
    // #region serve-http
    const serving = await serveMcp(tools, {
      transport: { http: { port: 0 } }, // 127.0.0.1, a free port; the endpoint is /mcp
      name: 'my-tools',
    });
    const url = serving.url; // http://127.0.0.1:<port>/mcp
    // …
    await serving.close();
    // #endregion
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  });

  it('serves resumable streams with a bounded store', async () => {
    const tools = handle();
    // #region resumable-http
    const serving = await serveMcp(tools, {
      transport: {
        http: {
          port: 0,
          resumability: {
            retryMs: 2000, // clients reconnect a stream that ended early after 2 s
            eventStore: new InMemoryEventStore({ maxStreams: 4096, streamTtlMs: 60_000 }),
          },
        },
      },
    });
    // #endregion
    await serving.close();
  });

  it('embeds in an existing HTTP app', async () => {
    const tools = handle();
    // #region embedded-http
    const mcp = createMcpHttpHandler(tools, { allowedOrigins: ['https://app.example.com'] });
    const app = createServer((request, response) => {
      if (request.url?.startsWith('/mcp')) return void mcp(request, response);
      response.end('the rest of the app');
    });
    app.listen(0, '127.0.0.1'); // 0: any free port
    // #endregion
    await new Promise<void>((resolve) => app.once('listening', () => resolve()));
    const client = await httpClient(`http://127.0.0.1:${(app.address() as AddressInfo).port}/mcp`);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['summarize']);
    await client.close();
    await mcp.close();
    app.closeAllConnections();
    await new Promise<void>((resolve) => app.close(() => resolve()));
  });

  it('connects to any SDK transport', async () => {
    const tools = handle();
    const [transport, clientSide] = InMemoryTransport.createLinkedPair();
    // #region embedded-transport
    const server = createMcpServer(tools, { name: 'my-tools', maxInFlight: 16 });
    await server.connect(transport); // stdio, Streamable HTTP, in-memory, …: one server per connection
    // #endregion
    const client = new Client({ name: 'docs', version: '1.0.0' }, { capabilities: { sampling: {} } });
    client.setRequestHandler('sampling/createMessage', async () => ({
      role: 'assistant',
      content: { type: 'text', text: 'Short.' },
      model: 'test',
    }));
    await client.connect(clientSide);
    const result = (await client.callTool({
      name: 'summarize',
      arguments: { text: 'A long text.' },
    })) as CallToolResult;
    expect(result.content).toEqual([{ type: 'text', text: 'Short.' }]);
    await client.close();
    await server.close();
  });

  it.each(['2025-11-25', '2026-07-28'] as const)(
    'asks the user through the same tool code under %s',
    async (revision) => {
      const [transport, clientSide] = InMemoryTransport.createLinkedPair();
      // #region connect-both
      const connection = connectMcpServer(new ToolRegistry().tool(Deploys).finalize(), transport);
      // the client's first message decides the revision; connection.close() ends it
      // #endregion
      const client = new Client(
        { name: 'docs', version: '1.0.0' },
        revision === '2025-11-25'
          ? { capabilities: { elicitation: {} } }
          : { capabilities: { elicitation: {} }, versionNegotiation: { mode: { pin: revision } } },
      );
      const forms: unknown[] = [];
      client.setRequestHandler('elicitation/create', async (request) => {
        forms.push(request.params);
        return { action: 'accept', content: { confirm: true, target: 'production' } };
      });
      await client.connect(clientSide);
      const result = (await client.callTool({ name: 'deploy', arguments: {} })) as CallToolResult;
      expect(result.content).toEqual([{ type: 'text', text: 'Deployed to production.' }]);
      expect(forms[0]).toMatchObject({
        message: 'Deploy the build?',
        requestedSchema: {
          type: 'object',
          properties: {
            confirm: { type: 'boolean', default: false },
            target: { type: 'string', enum: ['staging', 'production'], default: 'staging' },
          },
        },
      });
      await client.close();
      await connection.close();
    },
  );

  it('imports the tools of another MCP server', async () => {
    const remote = await serveMcp(new ToolRegistry().tool(Summarize).finalize(), {
      transport: { http: { port: 0 } },
    });
    const url = remote.url!;
    const handle = new ToolRegistry().finalize();
    // #region import
    const github = await importMcpTools(url, handle, {
      prefix: 'gh_', // gh_summarize: never shadows a local tool
      exclude: ['delete_repository'],
      kinds: { search_issues: 'search' }, // the host's kind; read-only kinds may run concurrently
      timeoutMs: 60_000, // without progress; every progress notification resets it
      maxTotalTimeoutMs: 30 * 60_000,
    });
    github.onChange((change) => {
      // 'held' by default: the pinned definition stays in use until github.acceptChange(localName).
      for (const changed of change.changed) console.warn(`${changed.localName} changed (${changed.action})`);
    });
    // …
    await github.close(); // removes gh_* from the handle and disconnects
    // #endregion
    expect(handle.tools()).toEqual([]);
    await remote.close();
  });
});
