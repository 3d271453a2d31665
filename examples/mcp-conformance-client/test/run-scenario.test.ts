import { createErasedTool } from '@toolwright/core';
import { serveMcp, type McpServing } from '@toolwright/mcp/node';
import { ToolRegistry } from '@toolwright/registry';
import { authOptionsFor, CIMD_CLIENT_METADATA_URL, runScenario } from '../src/run-scenario';

// The scenarios' own servers live in the conformance suite (`conformance/`, Node 22); here a
// toolwright server with the tools_call scenario's tool stands in, under both revisions.
describe.each(['2025-11-25', '2026-07-28'])('runScenario under %s', (revision) => {
  let serving: McpServing;
  const received: unknown[] = [];

  beforeAll(async () => {
    const addNumbers = createErasedTool({
      definition: {
        name: 'add_numbers',
        description: 'Add two numbers together',
        inputSchema: {
          type: 'object',
          properties: { a: { type: 'number' }, b: { type: 'number' } },
          required: ['a', 'b'],
        },
      },
      decode: (raw) => (typeof raw === 'string' ? JSON.parse(raw) : raw),
      invoke: (args: { a: number; b: number }) => {
        received.push(args);
        return `The sum of ${args.a} and ${args.b} is ${args.a + args.b}`;
      },
    });
    serving = await serveMcp(new ToolRegistry().tool(addNumbers).finalize(), {
      transport: { http: { port: 0 } },
    });
  });
  afterAll(async () => {
    await serving.close();
  });

  it('imports the tools and calls them through the handle (tools_call)', async () => {
    received.length = 0;
    const handle = new ToolRegistry().finalize();
    const lines = await runScenario({ url: new URL(serving.url!), scenario: 'tools_call', revision, handle });
    expect(lines).toEqual(['add_numbers: ok']);
    expect(received).toEqual([{ a: 2, b: 3 }]);
    expect(handle.tools()).toEqual([]);
  });

  it('only connects and imports for initialize', async () => {
    received.length = 0;
    const lines = await runScenario({
      url: new URL(serving.url!),
      scenario: 'initialize',
      revision,
      handle: new ToolRegistry().finalize(),
    });
    expect(lines).toEqual([]);
    expect(received).toEqual([]);
  });
});

describe('authOptionsFor', () => {
  it('uses the Client ID Metadata Document URL unless the scenario pre-registers a client', () => {
    expect(authOptionsFor('auth/metadata-default', undefined)).toEqual({
      clientMetadataUrl: CIMD_CLIENT_METADATA_URL,
      clientName: 'toolwright-conformance-client',
    });
    expect(authOptionsFor('auth/pre-registration', { client_id: 'id', client_secret: 'secret' })).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
    });
    expect(
      authOptionsFor('auth/client-credentials-basic', { client_id: 'id', client_secret: 'secret' }),
    ).toEqual({
      grant: 'client_credentials',
      clientId: 'id',
      clientSecret: 'secret',
    });
  });
});
