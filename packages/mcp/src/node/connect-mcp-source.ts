import { Client, StreamableHTTPClientTransport, type Transport } from '@modelcontextprotocol/client';
import type { McpClientLike } from '../import/mcp-client-like';
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
}

/** Connects an SDK `Client` to a source that is not one already. */
export async function connectMcpSource(
  source: Exclude<McpSource, McpClientLike>,
  options: ConnectOptions = {},
): Promise<Client> {
  const transport = transportFor(source);
  const client = new Client(
    { name: options.clientName ?? 'toolwright', version: '0.1.0' },
    { capabilities: {} },
  );
  try {
    await client.connect(transport, { timeout: options.timeoutMs ?? 30_000 });
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
  return client;
}

function transportFor(source: Exclude<McpSource, McpClientLike>): Transport {
  if (source instanceof URL) return new StreamableHTTPClientTransport(source);
  if (typeof source === 'string') {
    const trimmed = source.trim();
    if (/^https?:\/\//i.test(trimmed)) return new StreamableHTTPClientTransport(new URL(trimmed));
    const [command, ...args] = splitCommandLine(trimmed);
    if (command === undefined) throw new TypeError('importMcpTools: the command line is empty.');
    return stdioTransport({ command, args });
  }
  if ('url' in source) {
    const url = source.url instanceof URL ? source.url : new URL(source.url);
    return new StreamableHTTPClientTransport(
      url,
      source.headers === undefined ? undefined : { requestInit: { headers: { ...source.headers } } },
    );
  }
  return stdioTransport(source);
}

function stdioTransport(source: McpCommandSource): Transport {
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
