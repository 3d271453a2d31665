import { createErasedTool } from '@toolwright/core';
import { serveMcp, type McpServing } from '@toolwright/mcp/node';
import { ToolRegistry } from '@toolwright/registry';
import { killAll, requireBuilt, runCli } from './helpers/run-cli';

// `toolwright call <url> …`: the <module> may be an MCP server's URL, whose tools are imported.
describe('toolwright call with an MCP server URL', () => {
  let serving: McpServing;

  beforeAll(async () => {
    requireBuilt('packages/cli/dist/bin.js');
    const add = createErasedTool({
      definition: {
        name: 'add',
        description: 'Adds two numbers.',
        inputSchema: {
          type: 'object',
          properties: { a: { type: 'number' }, b: { type: 'number' } },
          required: ['a', 'b'],
        },
      },
      decode: (raw) => (typeof raw === 'string' ? JSON.parse(raw) : raw),
      invoke: (args: { a: number; b: number }) => `${args.a + args.b}`,
    });
    serving = await serveMcp(new ToolRegistry().tool(add).finalize(), { transport: { http: { port: 0 } } });
  });
  afterAll(async () => {
    killAll();
    await serving.close();
  });

  it('imports the remote tools and calls one, validated against the remote schema', async () => {
    const run = await runCli(['call', serving.url!, 'add', '{"a":2,"b":3}']);
    // Node 22+ may warn about the environment (NO_COLOR beside FORCE_COLOR); nothing else may appear.
    expect(run.stderr.replace(/^\(node:\d+\) Warning: .*\n?|^\(Use `node --trace-warnings .*\n?/gm, '')).toBe(
      '',
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('5\n');

    const bad = await runCli(['call', serving.url!, 'add', '{"a":"2"}']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('add failed: invalid_arguments');
  });

  it('refuses an OAuth grant it does not know', async () => {
    const run = await runCli(['call', serving.url!, 'add', '{}'], {
      env: { TOOLWRIGHT_MCP_GRANT: 'password' },
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'TOOLWRIGHT_MCP_GRANT is client_credentials or authorization_code, not "password".',
    );
  });
});
