import {
  Client,
  StreamableHTTPClientTransport,
  type Transport,
  type VersionNegotiationMode,
} from '@modelcontextprotocol/client';
import { TASKS_EXTENSION_ID } from '../server/tasks/task-calls';
import type { McpClientLike } from '../import/mcp-client-like';
import { AuthorizingTransport } from '../auth/authorizing-transport';
import { McpOAuthClient, type McpOAuthOptions } from '../auth/mcp-oauth-client';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';

/** An MCP server started as a child process, spoken to over stdio. */
export interface McpCommandSource {
  readonly command: string;
  readonly args?: readonly string[];
  /**
   * The child's whole environment. Default: the SDK's minimal safe set (`PATH`, `HOME`, …), so the
   * host's tokens and secrets are not handed to the server; pass what it needs explicitly.
   */
  readonly env?: Readonly<Record<string, string>>;
  readonly cwd?: string;
  /** Where the child's stderr goes (default `inherit`). */
  readonly stderr?: 'inherit' | 'pipe' | 'ignore';
}

/** An MCP server reached over Streamable HTTP. */
export interface McpUrlSource {
  readonly url: string | URL;
  /** Headers sent with every request (an `Authorization` for this server, say). */
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * Where `importMcpTools` finds a server: a connected `Client`, a URL (`http(s)://…`, Streamable
 * HTTP), a command line (`npx some-server --flag`, run over stdio), or either spelled out.
 */
export type McpSource = McpClientLike | URL | string | McpCommandSource | McpUrlSource;

/** Options of `connectMcpSource`. */
export interface ConnectOptions {
  /** How long `initialize` may take (default 30 s). */
  readonly timeoutMs?: number;
  /** The client name the server sees (default `toolwright`). */
  readonly clientName?: string;
  /**
   * The protocol revision to speak: `auto` (default) asks the server for 2026-07-28 first
   * (`server/discover`) and falls back to the 2025-11-25 handshake (over stdio the SDK asks a
   * short-lived second copy of the server, and a server silent for 5 s is taken as 2025-11-25); a
   * revision speaks only it.
   */
  readonly protocolVersion?: 'auto' | '2025-11-25' | '2026-07-28';
  /**
   * OAuth for a URL source (Streamable HTTP): an `McpOAuthClient`, or its options (a client is
   * made, its store keyed by the server's URL). The SDK transport runs discovery, registration,
   * PKCE, refresh and step-up; tokens never leave the host.
   */
  readonly auth?: McpOAuthClient | McpOAuthOptions;
}

const STDIO_PROBE_TIMEOUT_MS = 5_000;

/** Connects an SDK `Client` to a source that is not one already. */
export async function connectMcpSource(
  source: Exclude<McpSource, McpClientLike>,
  options: ConnectOptions = {},
): Promise<Client> {
  const transport = transportFor(source, options.auth);
  const client = new Client(
    { name: options.clientName ?? 'toolwright', version: '0.1.0' },
    {
      // The tasks extension: a remote tool run as a task is followed to its result (remote-task.ts).
      capabilities: { extensions: { [TASKS_EXTENSION_ID]: {} } },
      versionNegotiation: {
        mode: negotiationMode(options.protocolVersion),
        // Over stdio the SDK probes on a short-lived sibling process, and a legacy server that
        // never answers the probe is only known by its timeout: keep that wait short.
        ...(transport instanceof StdioClientTransport
          ? { probe: { timeoutMs: STDIO_PROBE_TIMEOUT_MS } }
          : {}),
      },
    },
  );
  try {
    await client.connect(transport, { timeout: options.timeoutMs ?? 30_000 });
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
  return client;
}

function negotiationMode(version: ConnectOptions['protocolVersion']): VersionNegotiationMode {
  if (version === undefined || version === 'auto') return 'auto';
  return version === '2025-11-25' ? 'legacy' : { pin: version };
}

function transportFor(source: Exclude<McpSource, McpClientLike>, auth: ConnectOptions['auth']): Transport {
  if (source instanceof URL) return httpTransport(source, undefined, auth);
  if (typeof source === 'string') {
    const trimmed = source.trim();
    if (/^https?:\/\//i.test(trimmed)) return httpTransport(new URL(trimmed), undefined, auth);
    const [command, ...args] = splitCommandLine(trimmed);
    if (command === undefined) throw new TypeError('importMcpTools: the command line is empty.');
    return stdioTransport({ command, args }, auth);
  }
  if ('url' in source) {
    const url = source.url instanceof URL ? source.url : new URL(source.url);
    return httpTransport(url, source.headers, auth);
  }
  return stdioTransport(source, auth);
}

/**
 * The Streamable HTTP client transport for `url`: with `auth`, the SDK transport with an
 * `McpOAuthClient` as its auth provider, wrapped so that an authorization-code flow completes
 * within the request that needed it.
 */
export function createMcpHttpTransport(
  url: URL,
  options: {
    readonly headers?: Readonly<Record<string, string>>;
    readonly auth?: ConnectOptions['auth'];
  } = {},
): Transport {
  return httpTransport(url, options.headers, options.auth);
}

function httpTransport(
  url: URL,
  headers: Readonly<Record<string, string>> | undefined,
  auth: ConnectOptions['auth'],
): Transport {
  const requestInit = headers === undefined ? {} : { requestInit: { headers: { ...headers } } };
  if (auth === undefined) return new StreamableHTTPClientTransport(url, requestInit);
  const client = auth instanceof McpOAuthClient ? auth : new McpOAuthClient(auth);
  client.bindServer(url);
  return new AuthorizingTransport(
    new StreamableHTTPClientTransport(url, { ...requestInit, authProvider: client }),
    client,
  );
}

function stdioTransport(source: McpCommandSource, auth: ConnectOptions['auth']): Transport {
  if (auth !== undefined)
    throw new TypeError('importMcpTools: `auth` is for a URL source (Streamable HTTP), not a command line.');
  return new StdioClientTransport({
    command: source.command,
    args: source.args === undefined ? [] : [...source.args],
    env: source.env === undefined ? getDefaultEnvironment() : { ...source.env },
    ...(source.cwd === undefined ? {} : { cwd: source.cwd }),
    stderr: source.stderr ?? 'inherit',
  });
}

/** Splits a command line into words: whitespace separates, single and double quotes group, `\` escapes. No shell is involved. */
export function splitCommandLine(line: string): string[] {
  const words: string[] = [];
  let current = '';
  let inWord = false;
  let quote: '"' | "'" | undefined;
  for (let index = 0; index < line.length; index++) {
    const char = line[index]!;
    if (quote !== undefined) {
      if (char === quote) quote = undefined;
      else if (char === '\\' && quote === '"' && index + 1 < line.length) current += line[++index];
      else current += char;
      continue;
    }
    if (char === '"' || char === "'") {
      quote = char;
      inWord = true;
    } else if (char === '\\' && index + 1 < line.length) {
      current += line[++index];
      inWord = true;
    } else if (/\s/.test(char)) {
      if (inWord) words.push(current);
      current = '';
      inWord = false;
    } else {
      current += char;
      inWord = true;
    }
  }
  if (quote !== undefined) throw new TypeError(`importMcpTools: unbalanced ${quote} in the command line.`);
  if (inWord) words.push(current);
  return words;
}
