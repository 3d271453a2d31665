import { importMcpTools } from '@toolwright/mcp';
import { ToolRegistry } from '@toolwright/registry';
// Written by the consumer test for the MCP SDK that @toolwright/mcp depends on.
import { Client, StdioClientTransport } from './mcp-client.js';

/**
 * Starts `toolwright serve` over stdio (the command line comes as arguments), lists its tools and
 * calls one with the SDK's own Client, then hands that same Client to toolwright's importMcpTools
 * (which only type-checks when the user's SDK and toolwright's are one copy) and calls the imported
 * tool. Prints the results as JSON.
 */
async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  if (command === undefined) throw new Error('usage: node dist/list-tools.js <command> [args…]');
  const transport = new StdioClientTransport({ command, args, stderr: 'inherit' });
  const client = new Client({ name: 'consumer', version: '1.0.0' });
  await client.connect(transport);
  const listed = await client.listTools();
  const called = await client.callTool({ name: 'read_note', arguments: { title: 'todo' } });

  const handle = new ToolRegistry().finalize();
  const imported = await importMcpTools(client, handle, { prefix: 'remote_' });
  const viaImport = await handle.call('remote_read_note', { title: 'todo' });
  console.log(
    JSON.stringify({
      listed: listed.tools.map((tool) => tool.name),
      called: called.content,
      imported: handle.tools().map((tool) => tool.name),
      viaImport: { ok: viaImport.ok, value: viaImport.ok ? viaImport.value : viaImport.error.message },
    }),
  );
  await imported.close();
  await client.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
