import { Client } from '@modelcontextprotocol/client';
import { importMcpTools, type McpImport, type McpOAuthOptions } from '@toolwright/mcp';
import { createMcpHttpTransport, importMcpTools as importFromSource } from '@toolwright/mcp/node';
import type { ToolServerHandle } from '@toolwright/registry';

/** One client scenario of the conformance suite. */
export interface ScenarioRun {
  readonly url: URL;
  readonly scenario: string;
  /** The revision to speak (MCP_CONFORMANCE_PROTOCOL_VERSION); the 2025-11-25 handshake when absent. */
  readonly revision: string | undefined;
  readonly handle: ToolServerHandle;
  /** The scenario's data (MCP_CONFORMANCE_CONTEXT, parsed), when it has any. */
  readonly context?: ScenarioContext;
}

/** The scenario data the suite passes (the fields this client reads). */
export interface ScenarioContext {
  readonly client_id?: string;
  readonly client_secret?: string;
  /** Calls to make, in order, by remote tool name (the HTTP header scenarios). */
  readonly toolCalls?: readonly { readonly name: string; readonly arguments: Record<string, unknown> }[];
}

/**
 * The URL-based client id of the auth scenarios (a Client ID Metadata Document, SEP-991): the
 * suite's authorization servers accept it without fetching it.
 */
export const CIMD_CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';

// Arguments the scenarios' tools are called with, by remote tool name.
const ARGUMENTS: Readonly<Record<string, Record<string, unknown>>> = {
  add_numbers: { a: 2, b: 3 },
};

/** The OAuth options a scenario's authorization server expects of this client. */
export function authOptionsFor(scenario: string, context: ScenarioContext | undefined): McpOAuthOptions {
  const clientId = context?.client_id;
  if (scenario === 'auth/client-credentials-basic' && clientId !== undefined)
    return { grant: 'client_credentials', clientId, clientSecret: context?.client_secret ?? '' };
  if (clientId !== undefined)
    return {
      clientId,
      ...(context?.client_secret === undefined ? {} : { clientSecret: context.client_secret }),
    };
  return { clientMetadataUrl: CIMD_CLIENT_METADATA_URL, clientName: 'toolwright-conformance-client' };
}

/**
 * Connects (pinning the revision when one is given), imports the server's tools into the handle,
 * calls each imported tool through the handle (with the scenario's arguments when it has them,
 * else `{}`) unless the scenario only initializes, and closes. Returns one line per call.
 */
export async function runScenario(run: ScenarioRun): Promise<string[]> {
  const { imported, close } = run.scenario.startsWith('auth/')
    ? await importWithAuth(run)
    : await importWithClient(run);
  const lines: string[] = [];
  try {
    if (run.scenario !== 'initialize') {
      const byRemote = new Map(imported.names().map((name) => [imported.remoteName(name) ?? name, name]));
      const calls =
        run.context?.toolCalls ??
        [...byRemote].map(([remote, local]) => ({
          name: remote,
          arguments: ARGUMENTS[remote] ?? placeholderArguments(run.handle, local),
        }));
      for (const call of calls) {
        const name = byRemote.get(call.name);
        if (name === undefined) {
          lines.push(`${call.name}: not imported`);
          continue;
        }
        // A null argument is taken as not given (the import validates against the remote schema,
        // which does not allow null where the suite sends it): no value, so no Mcp-Param header.
        const args = Object.fromEntries(Object.entries(call.arguments).filter(([, value]) => value !== null));
        const result = await run.handle.call(name, args);
        lines.push(`${name}: ${result.ok ? 'ok' : `failed (${result.error.kind})`}`);
      }
    }
  } finally {
    await close();
  }
  return lines;
}

// Arguments for a tool the scenario gives none for: a placeholder for each required property.
function placeholderArguments(handle: ToolServerHandle, localName: string): Record<string, unknown> {
  const definition = handle
    .definitions('mcp')
    .find((candidate) => (candidate as { name?: string }).name === localName) as
    { inputSchema?: { properties?: Record<string, { type?: unknown }>; required?: string[] } } | undefined;
  const schema = definition?.inputSchema;
  const args: Record<string, unknown> = {};
  for (const key of schema?.required ?? []) {
    const type = schema?.properties?.[key]?.type;
    args[key] = type === 'number' || type === 'integer' ? 1 : type === 'boolean' ? true : 'x';
  }
  return args;
}

interface Opened {
  readonly imported: McpImport;
  readonly close: () => Promise<void>;
}

// The auth scenarios: a URL source with OAuth, through the public import path.
async function importWithAuth(run: ScenarioRun): Promise<Opened> {
  const imported = await importFromSource(run.url, run.handle, {
    prefix: '',
    auth: authOptionsFor(run.scenario, run.context),
    protocolVersion: run.revision === '2026-07-28' || run.revision === '2025-11-25' ? run.revision : 'auto',
  });
  return { imported, close: () => imported.close() };
}

// The other scenarios: a client of our own, which answers form elicitations with their defaults.
async function importWithClient(run: ScenarioRun): Promise<Opened> {
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
  await client.connect(createMcpHttpTransport(run.url));
  const imported = await importMcpTools(client, run.handle, { prefix: '' });
  return {
    imported,
    close: async () => {
      await imported.close();
      await client.close();
    },
  };
}
