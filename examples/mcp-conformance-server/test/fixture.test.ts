import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/client';
import { type CallToolResult } from '@modelcontextprotocol/client';
import { createMcpServer } from '@toolwright/mcp';
import { registry } from '../src';

// The fixture stays what the conformance suite expects, checked here without the suite.
describe('the MCP conformance fixture', () => {
  let client: Client;
  const logs: unknown[] = [];

  beforeAll(async () => {
    const server = createMcpServer(registry.finalize());
    const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    client = new Client(
      { name: 'fixture-test', version: '1.0.0' },
      { capabilities: { sampling: {}, elicitation: {} } },
    );
    client.setNotificationHandler('notifications/message', (notification) => {
      logs.push(notification.params.data);
    });
    client.setRequestHandler('sampling/createMessage', async (request) => ({
      role: 'assistant',
      content: {
        type: 'text',
        text: `echo ${(request.params.messages[0]!.content as { text: string }).text}`,
      },
      model: 'test',
    }));
    client.setRequestHandler('elicitation/create', async (request) => ({
      action: 'accept',
      content: {
        fields: Object.keys(
          (request.params as { requestedSchema: { properties: object } }).requestedSchema.properties,
        ).join(','),
      },
    }));
    await client.connect(clientSide);
  });

  afterAll(async () => {
    await client.close();
  });

  const call = async (name: string, args: Record<string, unknown> = {}) =>
    (await client.callTool({ name, arguments: args })) as CallToolResult;

  it('lists every tool the suite calls, the 2020-12 schema verbatim', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'test_simple_text',
      'test_image_content',
      'test_audio_content',
      'test_embedded_resource',
      'test_multiple_content_types',
      'test_error_handling',
      'test_tool_with_logging',
      'test_tool_with_progress',
      'test_sampling',
      'test_elicitation',
      'test_elicitation_sep1034_defaults',
      'test_elicitation_sep1330_enums',
      'json_schema_2020_12_tool',
    ]);
    const schema = tools.find((tool) => tool.name === 'json_schema_2020_12_tool')!.inputSchema;
    expect(schema).toMatchObject({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $defs: { address: {} },
      additionalProperties: false,
    });
    expect(tools.find((tool) => tool.name === 'test_sampling')!.inputSchema).toMatchObject({
      required: ['prompt'],
    });
  });

  it('returns each content type', async () => {
    expect((await call('test_simple_text')).content).toEqual([
      { type: 'text', text: 'This is a simple text response for testing.' },
    ]);
    expect((await call('test_image_content')).content[0]).toMatchObject({
      type: 'image',
      mimeType: 'image/png',
    });
    expect((await call('test_audio_content')).content[0]).toMatchObject({
      type: 'audio',
      mimeType: 'audio/wav',
    });
    expect((await call('test_embedded_resource')).content[0]).toMatchObject({
      type: 'resource',
      resource: { uri: 'test://embedded-resource', mimeType: 'text/plain' },
    });
    expect((await call('test_multiple_content_types')).content.map((block) => block.type)).toEqual([
      'text',
      'image',
      'resource',
    ]);
    const failed = await call('test_error_handling');
    expect(failed.isError).toBe(true);
    expect(failed.content).toEqual([
      { type: 'text', text: 'This tool intentionally returns an error for testing' },
    ]);
    expect(
      (await call('json_schema_2020_12_tool', { name: 'Ada', address: { city: 'London' } })).content,
    ).toEqual([{ type: 'text', text: 'Hello Ada from London.' }]);
  });

  it('logs, reports progress, samples and elicits through the client', async () => {
    await call('test_tool_with_logging');
    expect(logs).toEqual(['Tool execution started', 'Tool processing data', 'Tool execution completed']);
    const progress: number[] = [];
    await client.request(
      { method: 'tools/call', params: { name: 'test_tool_with_progress', arguments: {} } },
      {
        onprogress: (item) => progress.push(item.progress),
      },
    );
    expect(progress).toEqual([0, 50, 100]);
    expect((await call('test_sampling', { prompt: 'hi' })).content).toEqual([
      { type: 'text', text: 'LLM response: echo hi' },
    ]);
    expect((await call('test_elicitation', { message: 'who?' })).content[0]).toMatchObject({
      text: 'User response: action=accept, content={"fields":"username,email"}',
    });
    expect((await call('test_elicitation_sep1034_defaults')).content[0]).toMatchObject({
      text: expect.stringContaining('name,age,score,status,verified'),
    });
    expect((await call('test_elicitation_sep1330_enums')).content[0]).toMatchObject({
      text: expect.stringContaining('untitledSingle,titledSingle,legacyEnum,untitledMulti,titledMulti'),
    });
    expect((await call('test_sampling', {})).isError).toBe(true);
  });
});
