// A client for the official MCP conformance suite (@modelcontextprotocol/conformance):
//
//   node examples/mcp-conformance-client/dist/main.js <server-url>
//
// The suite starts it once per client scenario with the scenario's name in
// MCP_CONFORMANCE_SCENARIO, its data (JSON) in MCP_CONFORMANCE_CONTEXT and, when run with
// --spec-version, the revision in MCP_CONFORMANCE_PROTOCOL_VERSION. Every scenario goes through
// importMcpTools: the remote tools land in a handle and are called through it, as a host would.
import { ToolRegistry } from '@toolwright/registry';
import { runScenario, type ScenarioContext } from './run-scenario';

async function main(): Promise<void> {
  const url = process.argv[2];
  if (url === undefined) throw new Error('usage: main.js <server-url>');
  const scenario = process.env['MCP_CONFORMANCE_SCENARIO'] ?? 'initialize';
  const revision = process.env['MCP_CONFORMANCE_PROTOCOL_VERSION'];
  const handle = new ToolRegistry().finalize();
  const raw = process.env['MCP_CONFORMANCE_CONTEXT'];
  const context = raw === undefined || raw === '' ? undefined : (JSON.parse(raw) as ScenarioContext);
  const lines = await runScenario({
    url: new URL(url),
    scenario,
    revision,
    handle,
    ...(context ? { context } : {}),
  });
  for (const line of lines) console.log(line);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
