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
import { PROTOCOL_FD_ENV } from '../serve/stdio-server-process';

interface ServeOptions extends ModuleOptions {
  readonly http?: string;
  readonly host: string;
  readonly allowUnauthenticated?: boolean;
  readonly singleProcess?: boolean;
}

type McpNode = typeof import('@toolwright/mcp/node');

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
        '\nOver HTTP the endpoint is http://<host>:<port>/mcp; the actual URL is printed on stderr.\n',
    )
    .action(async (specifier: string, options: ServeOptions) => {
      done(await serve(specifier, options, context));
    });
}

async function serve(specifier: string, options: ServeOptions, context: CommandContext): Promise<number> {
  const port = options.http === undefined ? undefined : parsePort(options.http);
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
  let serving;
  try {
    serving = await mcp.serveMcp(handle, {
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
              },
            },
    });
  } catch (error) {
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
  }
  return ExitCode.ok;
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
