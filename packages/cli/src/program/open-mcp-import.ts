import { ToolRegistry, type ToolServerHandle } from '@toolwright/registry';
import { CliFailure } from '../cli-failure';
import { ExitCode } from '../exit-code';
import type { CommandContext } from './command-context';

/** The environment variables an MCP URL's OAuth client reads (all optional). */
export const MCP_AUTH_ENV = Object.freeze({
  clientId: 'TOOLWRIGHT_MCP_CLIENT_ID',
  clientSecret: 'TOOLWRIGHT_MCP_CLIENT_SECRET',
  grant: 'TOOLWRIGHT_MCP_GRANT',
  scope: 'TOOLWRIGHT_MCP_SCOPE',
  redirectUrl: 'TOOLWRIGHT_MCP_REDIRECT_URL',
  clientMetadataUrl: 'TOOLWRIGHT_MCP_CLIENT_METADATA_URL',
});

/** Whether a command's `<module>` is an MCP server's URL rather than a module. */
export function isMcpUrl(specifier: string): boolean {
  return /^https?:\/\//i.test(specifier.trim());
}

/** An MCP server's tools imported into a handle of their own. */
export interface OpenedMcpImport {
  readonly handle: ToolServerHandle;
  close(): Promise<void>;
}

interface McpImportApi {
  importMcpTools(
    source: URL,
    handle: ToolServerHandle,
    options: { prefix: string; auth: Record<string, string> },
  ): Promise<{ close(): Promise<void> }>;
}

/**
 * Imports the tools of the MCP server at `url` (Streamable HTTP) into a new handle, unprefixed.
 * OAuth runs without a browser when the server asks for it: a pre-registered client
 * (`TOOLWRIGHT_MCP_CLIENT_ID`, `…_CLIENT_SECRET`), `client_credentials`
 * (`TOOLWRIGHT_MCP_GRANT=client_credentials`), or dynamic registration, the authorization
 * server's redirects followed headlessly; tokens stay in this process.
 */
export async function openMcpImport(url: string, context: CommandContext): Promise<OpenedMcpImport> {
  const env = context.io.env;
  const auth: Record<string, string> = {};
  for (const [option, name] of Object.entries(MCP_AUTH_ENV)) {
    const value = env[name];
    if (value !== undefined && value !== '') auth[option] = value;
  }
  if (
    auth['grant'] !== undefined &&
    auth['grant'] !== 'client_credentials' &&
    auth['grant'] !== 'authorization_code'
  )
    throw new CliFailure(
      `${MCP_AUTH_ENV.grant} is client_credentials or authorization_code, not ${JSON.stringify(auth['grant'])}.`,
      ExitCode.unusable,
    );
  let mcp: McpImportApi;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    mcp = require('@toolwright/mcp/node') as McpImportApi;
  } catch (error) {
    throw new CliFailure(
      `An MCP URL needs @toolwright/mcp, which could not be loaded: ${error instanceof Error ? error.message : String(error)}`,
      ExitCode.unusable,
    );
  }
  const handle = new ToolRegistry().finalize();
  try {
    const imported = await mcp.importMcpTools(new URL(url.trim()), handle, { prefix: '', auth });
    return { handle, close: () => imported.close() };
  } catch (error) {
    throw new CliFailure(
      `Could not import the tools of ${url}: ${error instanceof Error ? error.message : String(error)}`,
      ExitCode.unusable,
    );
  }
}
