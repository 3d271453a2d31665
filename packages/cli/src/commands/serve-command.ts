import { Command } from 'commander';
import type { ToolServerHandle } from '@toolwright/registry';
import { CliFailure } from '../cli-failure';
import { ExitCode } from '../exit-code';
import type { CommandContext } from '../program/command-context';
import { exitCodesHelp, UNUSABLE } from '../program/exit-codes-help';
import { withModule, type ModuleOptions } from '../program/module-options';
import { isMcpUrl, openMcpImport } from '../program/open-mcp-import';
import { openModule } from '../program/open-module';
import { requireHandle } from '../program/require-handle';
import { catalogCounts } from '../report/catalog-listing';
import { planServerProcesses, superviseServerProcesses } from '../serve/server-processes';
import { PROTOCOL_FD_ENV } from '../serve/stdio-server-process';

interface ServeOptions extends ModuleOptions {
  readonly http?: string;
  readonly host: string;
  readonly allowUnauthenticated?: boolean;
  readonly singleProcess?: boolean;
  readonly redis?: string;
  readonly clusterLimit?: string;
  readonly stateless?: boolean;
  readonly sessionRoute?: string;
  readonly processes?: string;
  readonly taskLease?: string;
}

type McpNode = typeof import('@toolwright/mcp/node');
type RedisPackage = typeof import('@toolwright/redis');
type RedisCluster = Awaited<ReturnType<RedisPackage['connectRedisCluster']>>;

/** Options that only mean something over HTTP. */
const HTTP_ONLY = [
  ['redis', '--redis'],
  ['clusterLimit', '--cluster-limit'],
  ['stateless', '--stateless'],
  ['sessionRoute', '--session-route'],
  ['processes', '--processes'],
  ['taskLease', '--task-lease'],
] as const;

/**
 * `toolwright serve <module>`: serves the registry as an MCP server over stdio (default) or
 * Streamable HTTP, until stdin closes (stdio) or SIGINT/SIGTERM.
 */
export function serveCommand(context: CommandContext, done: (code: number) => void): Command {
  return withModule(new Command('serve'))
    .summary('serve the registry over MCP (stdio, or Streamable HTTP)')
    .description(
      'Serve the registry as an MCP server: stdio by default, or Streamable HTTP with --http <port>',
    )
    .option('--http <port>', 'serve Streamable HTTP on this port (0: any free port) instead of stdio')
    .option('--host <host>', 'the address to bind with --http', '127.0.0.1')
    .option(
      '--allow-unauthenticated',
      'allow --host other than loopback without authentication (a trusted network only)',
    )
    .option(
      '--redis <url>',
      'share tasks, list changes and --cluster-limit with the other processes of the deployment through this Redis (needs @toolwright/redis)',
    )
    .option('--cluster-limit <n>', 'calls running at once across every process sharing --redis')
    .option('--stateless', 'serve 2025-11-25 clients without sessions (any request to any process)')
    .option(
      '--session-route <route>',
      'prefix the 2025-11-25 session ids of this process with <route> and a dot, for a proxy to route on',
    )
    .option(
      '--task-lease <ms>',
      'how long a running task outlives its process unseen (default 30000): then it ends failed',
    )
    .option(
      '--processes <n>',
      'start <n> server processes on ports --http … --http + n − 1 (routes p1 … pn), restarting one that dies; needs --redis when n > 1',
    )
    .option(
      '--single-process',
      'serve stdio in this process: writes to fd 1 below console (fs.writeSync(1), children with inherited stdout) then reach the protocol stream',
    )
    .addHelpText(
      'after',
      exitCodesHelp([
        [0, 'stopped: stdin closed (stdio), or SIGINT/SIGTERM'],
        [1, 'the registry does not finalize, or the server could not start'],
        UNUSABLE,
        [128, '+ the signal number: the stdio server process was ended by a signal'],
      ]) +
        '\nOver stdio, stdout carries JSON-RPC only: the server runs in a child process whose fd 1 is stderr, so console' +
        '\noutput, fd-1 writes and children with inherited stdio of the module and its tools go to stderr.' +
        '\nA line over 16 MiB, or one that is not JSON-RPC, is answered with a JSON-RPC error; serving goes on.' +
        '\nOver HTTP the endpoint is http://<host>:<port>/mcp; the actual URL is printed on stderr.' +
        '\nSeveral processes behind a proxy (--redis, --processes, the nginx configuration): docs/deployment.md.\n',
    )
    .action(async (specifier: string, options: ServeOptions) => {
      done(await serve(specifier, options, context));
    });
}

async function serve(specifier: string, options: ServeOptions, context: CommandContext): Promise<number> {
  const port = options.http === undefined ? undefined : parsePort(options.http);
  if (port === undefined) {
    const given = HTTP_ONLY.find(([key]) => options[key] !== undefined);
    if (given !== undefined) throw new CliFailure(`${given[1]} needs --http <port>.`, ExitCode.unusable);
  }
  if (options.taskLease !== undefined) parseCount(options.taskLease, '--task-lease', 3_600_000);
  if (options.processes !== undefined) return await serveProcesses(port!, options, context);
  const protocolFd = port === undefined ? protocolFdOf(context.io.env[PROTOCOL_FD_ENV]) : undefined;
  // R15/F13: over stdio, stdout is the protocol's alone; only a process whose fd 1 is not stdout
  // keeps writes below console (fs.writeSync(1), inherited stdio) out of it.
  const separate = context.io.runStdioServerProcess;
  if (
    port === undefined &&
    protocolFd === undefined &&
    options.singleProcess !== true &&
    separate !== undefined
  )
    return await separate();
  const mcp = loadMcp();
  // Reroute console output before the user's module is loaded, so nothing it prints at import
  // time can corrupt the stream.
  if (port === undefined) mcp.routeConsoleToStderr();
  const imported = isMcpUrl(specifier) ? await openMcpImport(specifier, context) : undefined;
  try {
    return await serveHandle(
      imported?.handle ??
        requireHandle(await openModule(specifier, options, context, port !== undefined), context),
      mcp,
      port,
      protocolFd,
      options,
      context,
    );
  } finally {
    await imported?.close();
  }
}

async function serveHandle(
  handle: ToolServerHandle,
  mcp: McpNode,
  port: number | undefined,
  protocolFd: number | undefined,
  options: ServeOptions,
  context: CommandContext,
): Promise<number> {
  const { stderr } = context.io;
  const cluster = options.redis === undefined ? undefined : await connectCluster(options, context);
  let serving;
  try {
    serving = await mcp.serveMcp(handle, {
      ...(cluster === undefined ? {} : { cluster }),
      ...(options.taskLease === undefined
        ? {}
        : { tasks: { leaseMs: parseCount(options.taskLease, '--task-lease', 3_600_000) } }),
      ...(port === undefined
        ? { onError: (error: unknown) => stderr.write(`toolwright: ${messageOf(error)}\n`) }
        : {}),
      transport:
        port === undefined
          ? { stdio: protocolFd === undefined ? {} : { protocolFd } }
          : {
              http: {
                port,
                host: options.host,
                ...(options.allowUnauthenticated === true ? { allowUnauthenticated: true } : {}),
                ...(options.stateless === true ? { stateless: true } : {}),
                ...(options.sessionRoute === undefined ? {} : { sessionRoute: options.sessionRoute }),
              },
            },
    });
  } catch (error) {
    await cluster?.close();
    throw new CliFailure(
      `Could not start the MCP server: ${error instanceof Error ? error.message : String(error)}`,
      ExitCode.failed,
    );
  }
  const count = handle.tools().length;
  const catalog = catalogCounts(handle);
  stderr.write(
    `toolwright: serving ${count} ${count === 1 ? 'tool' : 'tools'}${catalog === '' ? '' : `, ${catalog}`} over ${serving.url === undefined ? 'stdio' : `Streamable HTTP at ${serving.url}`}\n`,
  );
  const unsubscribe = context.io.onInterrupt(() => void serving.close());
  try {
    await serving.closed;
  } finally {
    unsubscribe();
    await cluster?.close();
  }
  return ExitCode.ok;
}

async function connectCluster(options: ServeOptions, context: CommandContext): Promise<RedisCluster> {
  const redis = loadRedis();
  const limit =
    options.clusterLimit === undefined ? undefined : parseCount(options.clusterLimit, '--cluster-limit');
  try {
    return await redis.connectRedisCluster({
      url: options.redis!,
      ...(limit === undefined
        ? {}
        : {
            limit: {
              maxConcurrent: limit,
              ...(options.taskLease === undefined ? {} : { leaseMs: Number(options.taskLease) }),
            },
          }),
      onError: (error: unknown) => context.io.stderr.write(`toolwright: redis: ${messageOf(error)}\n`),
    });
  } catch (error) {
    throw new CliFailure(messageOf(error), ExitCode.failed);
  }
}

/** `--processes <n>`: this process supervises n server processes and serves nothing itself. */
async function serveProcesses(port: number, options: ServeOptions, context: CommandContext): Promise<number> {
  const count = parseCount(options.processes!, '--processes');
  if (port === 0)
    throw new CliFailure(
      '--processes needs a fixed --http port (not 0): the proxy must know them.',
      ExitCode.unusable,
    );
  if (port + count - 1 > 65535)
    throw new CliFailure(`--http ${port} --processes ${count} runs past port 65535.`, ExitCode.unusable);
  if (count > 1 && options.redis === undefined)
    throw new CliFailure(
      '--processes with more than one process needs --redis: without it a task, a list change or a cluster limit stays in the process that has it.',
      ExitCode.unusable,
    );
  const plans = planServerProcesses(process.argv.slice(1), port, count);
  const log = (line: string): void => void context.io.stderr.write(`toolwright: ${line}\n`);
  log(
    `starting ${count} server ${count === 1 ? 'process' : 'processes'} on ports ${port}-${port + count - 1}`,
  );
  const processes = superviseServerProcesses(plans, log);
  const unsubscribe = context.io.onInterrupt(() => void processes.stop());
  try {
    await processes.exited;
  } finally {
    unsubscribe();
  }
  return ExitCode.ok;
}

function parseCount(text: string, flag: string, max = 1024): number {
  const count = Number(text);
  if (!/^\d+$/.test(text) || count < 1 || count > max)
    throw new CliFailure(
      `${flag} takes a whole number from 1 to ${max}, not ${JSON.stringify(text)}.`,
      ExitCode.unusable,
    );
  return count;
}

/** @toolwright/redis is optional: loaded only by `serve --redis`. */
function loadRedis(): RedisPackage {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require('@toolwright/redis') as RedisPackage;
  } catch (error) {
    throw new CliFailure(
      `--redis needs @toolwright/redis (npm install @toolwright/redis), which could not be loaded: ${messageOf(error)}`,
      ExitCode.unusable,
    );
  }
}

function protocolFdOf(text: string | undefined): number | undefined {
  if (text === undefined || !/^\d+$/.test(text)) return undefined;
  return Number(text);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function parsePort(text: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535) {
    throw new CliFailure(
      `--http takes a port number from 0 to 65535, not ${JSON.stringify(text)}.`,
      ExitCode.unusable,
    );
  }
  return port;
}

/** @toolwright/mcp is loaded only by `serve`: the MCP SDK would slow every other command's start. */
function loadMcp(): McpNode {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require('@toolwright/mcp/node') as McpNode;
  } catch (error) {
    throw new CliFailure(
      `toolwright serve needs @toolwright/mcp, which could not be loaded: ${error instanceof Error ? error.message : String(error)}`,
      ExitCode.unusable,
    );
  }
}
