import {
  Client,
  InMemoryTransport,
  ProtocolError,
  type CallToolResult,
  type ClientCapabilities,
} from '@modelcontextprotocol/client';
import { connectMcpServer, type McpConnection } from '@toolwright/mcp';
import { registry } from '../src';

const REVISIONS = ['2025-11-25', '2026-07-28'] as const;
type Revision = (typeof REVISIONS)[number];

const ALL_CAPABILITIES: ClientCapabilities = { sampling: {}, elicitation: {}, roots: {} };

interface Connected {
  readonly client: Client;
  readonly logs: unknown[];
  readonly elicited: string[];
  close(): Promise<void>;
}

// A real SDK v2 client of `revision` answering sampling, elicitation and roots like the suite's
// mock client does, in memory against the fixture served for both revisions.
async function connect(
  revision: Revision,
  capabilities: ClientCapabilities = ALL_CAPABILITIES,
): Promise<Connected> {
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  const connection: McpConnection = connectMcpServer(registry.finalize(), serverSide);
  const client = new Client(
    { name: 'fixture-test', version: '1.0.0' },
    revision === '2025-11-25'
      ? { capabilities }
      : { capabilities, versionNegotiation: { mode: { pin: revision } } },
  );
  const logs: unknown[] = [];
  const elicited: string[] = [];
  client.setNotificationHandler('notifications/message', (notification) => {
    logs.push(notification.params.data);
  });
  if (capabilities.sampling !== undefined) {
    client.setRequestHandler('sampling/createMessage', async (request) => ({
      role: 'assistant',
      content: {
        type: 'text',
        text: `echo ${(request.params.messages[0]!.content as { text: string }).text}`,
      },
      model: 'test',
    }));
  }
  if (capabilities.elicitation !== undefined) {
    client.setRequestHandler('elicitation/create', async (request) => {
      const params = request.params as { message: string; requestedSchema: { properties: object } };
      elicited.push(params.message);
      const fields = Object.keys(params.requestedSchema.properties);
      // A form of the fixture's own args classes gets exactly its fields; the suite's forms get
      // their field names back.
      const content: Record<string, string | boolean> = {};
      if (fields.length === 1 && (fields[0] === 'name' || fields[0] === 'color'))
        content[fields[0]] = `my ${fields[0]}`;
      else if (fields.length === 1 && fields[0] === 'ok') content['ok'] = true;
      else content['fields'] = fields.join(',');
      return { action: 'accept', content };
    });
  }
  if (capabilities.roots !== undefined) {
    client.setRequestHandler('roots/list', async () => ({ roots: [{ uri: 'file:///work', name: 'work' }] }));
  }
  await client.connect(clientSide);
  return {
    client,
    logs,
    elicited,
    close: async () => {
      await client.close();
      await connection.close();
    },
  };
}

const call = async (
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<CallToolResult> => (await client.callTool({ name, arguments: args })) as CallToolResult;

const textOf = (result: CallToolResult): string =>
  result.content.map((block) => (block.type === 'text' ? block.text : `[${block.type}]`)).join('\n');

// The fixture stays what the conformance suite expects, checked here without the suite, through
// the same tool code under both revisions.
describe.each(REVISIONS)('the MCP conformance fixture under %s', (revision) => {
  let connected: Connected;

  beforeAll(async () => {
    connected = await connect(revision);
  });

  afterAll(async () => {
    await connected.close();
  });

  it('lists every tool the suite calls, the 2020-12 schema verbatim', async () => {
    const { tools } = await connected.client.listTools();
    const names = tools.map((tool) => tool.name);
    for (const name of [
      'test_simple_text',
      'test_image_content',
      'test_audio_content',
      'test_embedded_resource',
      'test_multiple_content_types',
      'test_error_handling',
      'test_tool_with_logging',
      'test_tool_with_progress',
      'test_reconnection',
      'test_sampling',
      'test_elicitation',
      'test_elicitation_sep1034_defaults',
      'test_elicitation_sep1330_enums',
      'json_schema_2020_12_tool',
      'test_input_required_result_elicitation',
      'test_input_required_result_multi_round',
      'test_missing_capability',
      'test_custom_header',
      'test_trigger_tool_change',
    ])
      expect(names).toContain(name);
    const schema = tools.find((tool) => tool.name === 'json_schema_2020_12_tool')!.inputSchema;
    expect(schema).toMatchObject({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $defs: { address: { $anchor: 'addressDef' } },
      allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }],
      then: { required: ['phone'] },
      else: { required: ['email'] },
      additionalProperties: false,
    });
    expect(
      tools.find((tool) => tool.name === 'test_custom_header')!.inputSchema.properties?.['region'],
    ).toMatchObject({ 'x-mcp-header': 'Region' });
  });

  it('returns each content type, and checks the 2020-12 tool by its conditional rules', async () => {
    const { client } = connected;
    expect((await call(client, 'test_simple_text')).content).toEqual([
      { type: 'text', text: 'This is a simple text response for testing.' },
    ]);
    expect((await call(client, 'test_image_content')).content[0]).toMatchObject({
      type: 'image',
      mimeType: 'image/png',
    });
    expect((await call(client, 'test_audio_content')).content[0]).toMatchObject({
      type: 'audio',
      mimeType: 'audio/wav',
    });
    expect((await call(client, 'test_multiple_content_types')).content.map((block) => block.type)).toEqual([
      'text',
      'image',
      'resource',
    ]);
    const failed = await call(client, 'test_error_handling');
    expect(failed.isError).toBe(true);
    expect(textOf(failed)).toBe('This tool intentionally returns an error for testing');
    expect(
      textOf(
        await call(client, 'json_schema_2020_12_tool', {
          name: 'Ada',
          email: 'a@b',
          address: { city: 'London' },
        }),
      ),
    ).toBe('Hello Ada from London; contact by email.');
    const phoneless = await call(client, 'json_schema_2020_12_tool', {
      contactMethod: 'phone',
      email: 'a@b',
    });
    expect(phoneless.isError).toBe(true);
    expect(textOf(phoneless)).toMatch(/phone is required when contactMethod is phone/);
  });

  it('reports progress, samples and elicits through the client', async () => {
    const { client } = connected;
    const progress: number[] = [];
    await client.request(
      { method: 'tools/call', params: { name: 'test_tool_with_progress', arguments: {} } },
      { onprogress: (item) => progress.push(item.progress) },
    );
    expect(progress).toEqual([0, 50, 100]);
    expect(textOf(await call(client, 'test_sampling', { prompt: 'hi' }))).toBe('LLM response: echo hi');
    expect(textOf(await call(client, 'test_elicitation', { message: 'who?' }))).toBe(
      'User response: action=accept, content={"fields":"username,email"}',
    );
    expect(textOf(await call(client, 'test_elicitation_sep1034_defaults'))).toContain(
      'name,age,score,status,verified',
    );
    expect(textOf(await call(client, 'test_elicitation_sep1330_enums'))).toContain(
      'untitledSingle,titledSingle,legacyEnum,untitledMulti,titledMulti',
    );
    expect((await call(client, 'test_sampling', {})).isError).toBe(true);
  });

  it('asks for input once per request, in rounds, and several requests at once', async () => {
    const { client, elicited } = connected;
    elicited.length = 0;
    expect(textOf(await call(client, 'test_input_required_result_elicitation'))).toBe('Hello, my name!');
    expect(textOf(await call(client, 'test_input_required_result_multi_round'))).toBe(
      'my name likes my color.',
    );
    expect(elicited).toEqual([
      'What is your name?',
      'Step 1: What is your name?',
      'Step 2: What is your favorite color?',
    ]);
    expect(textOf(await call(client, 'test_input_required_result_multiple_inputs'))).toBe(
      'echo Generate a greeting my name (1 roots)',
    );
    expect(textOf(await call(client, 'test_input_required_result_list_roots'))).toBe('Roots: file:///work');
    expect(textOf(await call(client, 'test_input_required_result_request_state'))).toBe(
      'state-ok: confirmed=true',
    );
    expect(textOf(await call(client, 'test_input_required_result_capabilities'))).toBe(
      'Answered 3 of the requests the client supports.',
    );
  });
});

describe.each(REVISIONS)('a client without sampling under %s', (revision) => {
  it('gets only the requests it can answer, and a clear refusal where sampling is needed', async () => {
    const connected = await connect(revision, { elicitation: {}, roots: {} });
    try {
      const { client } = connected;
      expect(textOf(await call(client, 'test_input_required_result_capabilities'))).toBe(
        'Answered 2 of the requests the client supports.',
      );
      const needsSampling = client.callTool({ name: 'test_missing_capability', arguments: {} });
      if (revision === '2025-11-25') {
        // 2025-11-25 has no protocol error for it: the tool's ToolError reaches the model.
        const result = (await needsSampling) as CallToolResult;
        expect(result.isError).toBe(true);
        expect(result._meta?.['toolwright/error']).toMatchObject({ kind: 'not_implemented' });
        expect(textOf(result)).toMatch(/did not declare the sampling capability/);
      } else {
        // 2026-07-28: MissingRequiredClientCapabilityError.
        await expect(needsSampling).rejects.toBeInstanceOf(ProtocolError);
        await expect(needsSampling).rejects.toMatchObject({
          code: -32021,
          data: { requiredCapabilities: { sampling: {} } },
        });
      }
    } finally {
      await connected.close();
    }
  });
});

describe.each(REVISIONS)('resource updates under %s', (revision) => {
  it('reach a client that subscribed to the resource, and only for that resource', async () => {
    const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
    const connection = connectMcpServer(registry.finalize(), serverSide);
    const client = new Client(
      { name: 'updates-test', version: '1.0.0' },
      revision === '2025-11-25' ? {} : { versionNegotiation: { mode: { pin: revision } } },
    );
    const updated: string[] = [];
    client.setNotificationHandler('notifications/resources/updated', (notification) => {
      updated.push(notification.params.uri);
    });
    await client.connect(clientSide);
    const subscription =
      revision === '2025-11-25'
        ? undefined
        : await client.listen({ resourceSubscriptions: ['test://watched-resource'] });
    try {
      if (revision === '2025-11-25') await client.subscribeResource({ uri: 'test://watched-resource' });
      await connection.resourceUpdated('test://static-text');
      await connection.resourceUpdated('test://watched-resource');
      const deadline = Date.now() + 3000;
      while (updated.length === 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 10));
      expect(updated).toEqual(['test://watched-resource']);
      if (revision === '2025-11-25') {
        await client.unsubscribeResource({ uri: 'test://watched-resource' });
        await connection.resourceUpdated('test://watched-resource');
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(updated).toEqual(['test://watched-resource']);
      }
    } finally {
      await subscription?.close();
      await client.close();
      await connection.close();
    }
  });
});
