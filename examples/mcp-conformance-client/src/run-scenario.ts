import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { importMcpTools } from '@toolwright/mcp';
import type { ToolServerHandle } from '@toolwright/registry';

/** One client scenario of the conformance suite. */
export interface ScenarioRun {
  readonly url: URL;
  readonly scenario: string;
  /** The revision to speak (MCP_CONFORMANCE_PROTOCOL_VERSION); the 2025-11-25 handshake when absent. */
  readonly revision: string | undefined;
  readonly handle: ToolServerHandle;
}

// Arguments the scenarios' tools are called with, by remote tool name.
const ARGUMENTS: Readonly<Record<string, Record<string, unknown>>> = {
  add_numbers: { a: 2, b: 3 },
};

/**
 * Connects (pinning the revision when one is given), imports the server's tools into the handle,
 * calls each imported tool through the handle (with the scenario's arguments when it has them,
 * else `{}`) unless the scenario only initializes, and closes. Returns one line per call.
 */
export async function runScenario(run: ScenarioRun): Promise<string[]> {
  const client = new Client(
    { name: 'toolwright-conformance-client', version: '0.1.0' },
    {
      capabilities: { elicitation: { form: { applyDefaults: true } } },
      ...(run.revision !== undefined && run.revision !== '2025-11-25'
        ? { versionNegotiation: { mode: { pin: run.revision } } }
        : {}),
    },
  );
  // A form elicitation is accepted with the defaults its schema gives (SEP-1034's applyDefaults).
  client.setRequestHandler('elicitation/create', (request) => {
    const params = request.params as {
      requestedSchema?: { properties?: Record<string, { default?: unknown }> };
    };
    const content: Record<string, string | number | boolean | string[]> = {};
    for (const [key, property] of Object.entries(params.requestedSchema?.properties ?? {})) {
      const value = property.default;
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
        content[key] = value;
      else if (Array.isArray(value) && value.every((item) => typeof item === 'string')) content[key] = value;
    }
    return Promise.resolve({ action: 'accept' as const, content });
  });
  await client.connect(new StreamableHTTPClientTransport(run.url));
  const imported = await importMcpTools(client, run.handle, { prefix: '' });
  const lines: string[] = [];
  try {
    if (run.scenario !== 'initialize') {
      for (const name of imported.names()) {
        const remoteName = imported.remoteName(name) ?? name;
        const result = await run.handle.call(name, ARGUMENTS[remoteName] ?? {});
        lines.push(`${name}: ${result.ok ? 'ok' : `failed (${result.error.kind})`}`);
      }
    }
  } finally {
    await imported.close();
    await client.close();
  }
  return lines;
}
