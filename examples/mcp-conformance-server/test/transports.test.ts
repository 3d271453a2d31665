import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  Client,
  StreamableHTTPClientTransport,
  type CallToolResult,
  type ClientCapabilities,
  type Transport,
} from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { serveMcp } from '@toolwright/mcp/node';
import type { McpServing } from '@toolwright/mcp/node';
import { registry } from '../src';

// The fixture served the two ways a host serves it — Streamable HTTP (serveMcp, in process) and
// stdio (the CLI's `toolwright serve`, a child process) — to a real SDK v2 client of each revision:
// tools, progress, resources, templates, prompts, completion, elicitation, sampling, roots and list
// changes, through the same server code.
const ROOT = join(__dirname, '..', '..', '..');
const CLI = join(ROOT, 'packages', 'cli', 'dist', 'bin.js');
const REVISIONS = ['2025-11-25', '2026-07-28'] as const;
const TRANSPORTS = ['http', 'stdio'] as const;
const CAPABILITIES: ClientCapabilities = { sampling: {}, elicitation: {}, roots: {} };

const textOf = (result: CallToolResult): string =>
  result.content.map((block) => (block.type === 'text' ? block.text : `[${block.type}]`)).join('\n');

beforeAll(() => {
  if (!existsSync(CLI)) throw new Error('packages/cli is not built: run `npm run build` before these tests.');
});

describe.each(TRANSPORTS.flatMap((transport) => REVISIONS.map((revision) => [transport, revision] as const)))(
  'the fixture over %s under %s',
  (transport, revision) => {
    let serving: McpServing | undefined;
    let client: Client;
    const changes: string[] = [];

    beforeAll(async () => {
      let wire: Transport;
      if (transport === 'http') {
        serving = await serveMcp(registry.finalize(), { transport: { http: { port: 0 } } });
        wire = new StreamableHTTPClientTransport(new URL(serving.url!));
      } else {
        wire = new StdioClientTransport({
          command: process.execPath,
          args: [CLI, 'serve', join(ROOT, 'examples', 'mcp-conformance-server')],
          stderr: 'ignore',
        });
      }
      client = new Client(
        { name: 'transports-test', version: '1.0.0' },
        revision === '2025-11-25'
          ? { capabilities: CAPABILITIES }
          : { capabilities: CAPABILITIES, versionNegotiation: { mode: { pin: revision } } },
      );
      client.setRequestHandler('sampling/createMessage', async () => ({
        role: 'assistant',
        content: { type: 'text', text: 'Hello' },
        model: 'test',
      }));
      client.setRequestHandler('elicitation/create', async (request) => {
        const fields = Object.keys(
          (request.params as { requestedSchema: { properties: object } }).requestedSchema.properties,
        );
        const content: Record<string, string> = fields.includes('context')
          ? { context: 'tests' }
          : { name: 'Ada' };
        return { action: 'accept', content };
      });
      client.setRequestHandler('roots/list', async () => ({ roots: [{ uri: 'file:///work' }] }));
      client.setNotificationHandler('notifications/tools/list_changed', () => {
        changes.push('tools');
      });
      await client.connect(wire);
    }, 30_000);

    afterAll(async () => {
      await client.close();
      await serving?.close();
    });

    it('speaks the revision it was asked for', () => {
      expect(client.getNegotiatedProtocolVersion()).toBe(revision);
    });

    it('lists and calls tools, with progress', async () => {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain('test_simple_text');
      expect(
        textOf((await client.callTool({ name: 'test_simple_text', arguments: {} })) as CallToolResult),
      ).toBe('This is a simple text response for testing.');
      const progress: number[] = [];
      await client.request(
        { method: 'tools/call', params: { name: 'test_tool_with_progress', arguments: {} } },
        { onprogress: (item) => progress.push(item.progress) },
      );
      expect(progress).toEqual([0, 50, 100]);
    });

    it('serves resources, templates, prompts and completion', async () => {
      const { resources } = await client.listResources();
      expect(resources.map((resource) => resource.uri)).toEqual([
        'test://static-text',
        'test://static-binary',
        'test://watched-resource',
      ]);
      const text = await client.readResource({ uri: 'test://static-text' });
      expect(text.contents[0]).toMatchObject({ uri: 'test://static-text', mimeType: 'text/plain' });
      const { resourceTemplates } = await client.listResourceTemplates();
      expect(resourceTemplates.map((template) => template.uriTemplate)).toEqual([
        'test://template/{id}/data',
      ]);
      const templated = await client.readResource({ uri: 'test://template/42/data' });
      expect(JSON.parse((templated.contents[0] as { text: string }).text)).toMatchObject({ id: '42' });
      const { prompts } = await client.listPrompts();
      expect(prompts.map((prompt) => prompt.name)).toContain('test_prompt_with_arguments');
      const prompt = await client.getPrompt({
        name: 'test_prompt_with_arguments',
        arguments: { arg1: 'a', arg2: 'b' },
      });
      expect(prompt.messages[0]!.content).toMatchObject({
        text: "Prompt with arguments: arg1='a', arg2='b'",
      });
      const completed = await client.complete({
        ref: { type: 'ref/prompt', name: 'test_prompt_with_arguments' },
        argument: { name: 'arg1', value: 'pa' },
      });
      expect(completed.completion.values).toEqual(['paris', 'park', 'party']);
    });

    it('asks the client for input from tools and prompts', async () => {
      const asked = (await client.callTool({
        name: 'test_input_required_result_multiple_inputs',
        arguments: {},
      })) as CallToolResult;
      expect(textOf(asked)).toBe('Hello Ada (1 roots)');
      const prompt = await client.getPrompt({ name: 'test_input_required_result_prompt', arguments: {} });
      expect(prompt.messages[0]!.content).toMatchObject({
        text: expect.stringContaining('Use this context:'),
      });
    });

    it('tells the client when the tool list changes', async () => {
      changes.length = 0;
      const subscription =
        revision === '2026-07-28' ? await client.listen({ toolsListChanged: true }) : undefined;
      try {
        await client.callTool({ name: 'test_trigger_tool_change', arguments: {} });
        const deadline = Date.now() + 5000;
        while (changes.length === 0 && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 20));
        expect(changes).toEqual(['tools']);
        expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('test_volatile_tool');
      } finally {
        await subscription?.close();
      }
    });
  },
);
